import type { BrowserContext } from '@playwright/test';

/** A Kontor server started for one test or benchmark. */
export interface RunningKontor {
  base: string;
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}
export declare function buildServer(): void;
export declare function waitFor(url: string, ms?: number): Promise<void>;
export declare function startKontor(options: {
  port: number;
  env?: Record<string, string>;
  dataDir?: string;
}): Promise<RunningKontor>;
export declare function logInContext(
  context: BrowserContext,
  base: string,
  email: string,
  password: string,
): Promise<void>;
export declare function serveFolder(
  dir: string,
  port: number,
  cacheControl?: string,
): Promise<{ base: string; close(): Promise<void> }>;
export declare function copyModuleBuild(
  liveUrl: string,
  targetDir: string,
  name: string,
  change: (text: string) => string,
): string;
