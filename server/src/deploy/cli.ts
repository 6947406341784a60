// `npm run deploy -- <module> <version|url>`, `npm run rollback -- <module>`,
// `npm run modules [-- <module>]`: talks to the running Kontor's deploy API with the
// deploy token (DEPLOY_TOKEN, else DATA_DIR/deploy-token). KONTOR_URL names the server
// (default http://localhost:$PORT, PORT default 8080).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEPLOY_TOKEN_FILE } from './token';

interface ReleaseJson {
  module: string;
  version: string;
  url: string;
  action: string;
  actor: string;
  createdAt: string;
}

const USAGE = `usage: npm run deploy -- <module> <version|url>
       npm run rollback -- <module>
       npm run modules [-- <module>]
<module>: @kontor/admin, admin or mf-admin; <version>: a folder of dist/modules/<dir>/`;

/** The import-map name of what the operator typed: admin, mf-admin or @kontor/admin. */
export function moduleNameOf(input: string): string {
  if (input.startsWith('@')) return input;
  return `@kontor/${input.replace(/^mf-/, '')}`;
}

function deployToken(): string {
  if (process.env.DEPLOY_TOKEN) return process.env.DEPLOY_TOKEN;
  const file = path.resolve(process.env.DATA_DIR ?? './data', DEPLOY_TOKEN_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`No deploy token: set DEPLOY_TOKEN or start the server once (${file}).`);
  }
}

/** The server the CLI talks to: KONTOR_URL, else http://localhost:$PORT (8080). */
function serverBase(): string {
  const base = process.env.KONTOR_URL || `http://localhost:${process.env.PORT || 8080}`;
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    throw new Error(`KONTOR_URL is not an http(s) URL: ${base}`);
  }
  return base;
}

/** Why a request did not reach the server at all, from fetch's "fetch failed" and its cause. */
function unreachable(base: string, method: string, url: URL, error: unknown): Error {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message;
  const from = process.env.KONTOR_URL
    ? 'KONTOR_URL'
    : `the default http://localhost:$PORT (PORT=${process.env.PORT || '8080, unset'})`;
  return new Error(
    [
      `Could not reach Kontor at ${base} (${method} ${url.pathname}: ${reason}).`,
      `The address comes from ${from}. Check that the server is running and listening there,`,
      'or set KONTOR_URL to the address of a running node (e.g. KONTOR_URL=http://localhost:8080).',
    ].join('\n'),
  );
}

async function api(method: 'GET' | 'POST', urlPath: string, body?: unknown): Promise<unknown> {
  const base = serverBase();
  const url = new URL(urlPath, base);
  const token = deployToken();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch (error) {
    throw unreachable(base, method, url, error);
  }
  const json = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (!response.ok) {
    const details = Object.entries(json.errors ?? {}).flatMap(([field, messages]) =>
      messages.map((message) => `  ${field}: ${message}`),
    );
    throw new Error(
      [`${response.status} ${json.message ?? response.statusText}`, ...details].join('\n'),
    );
  }
  return json;
}

function table(rows: ReleaseJson[]): string {
  const lines = rows.map((r) => [r.module, r.version, r.action, r.actor, r.createdAt, r.url]);
  const head = ['module', 'version', 'by', 'who', 'when', 'url'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [head, ...lines].map((l) => l.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n');
}

/** Runs one CLI command with its arguments; resolves to the text to print. */
export async function runCli(command: string, args: string[]): Promise<string> {
  const [first, second] = args;
  if (command === 'deploy' && first && second) {
    const source = /^https?:\/\//.test(second) ? { url: second } : { version: second };
    const { data } = (await api('POST', '/spa/deploy', {
      module: moduleNameOf(first),
      ...source,
    })) as { data: ReleaseJson };
    return `${data.module} ${data.version} is live (${data.url})`;
  }
  if (command === 'rollback' && first) {
    const { data } = (await api('POST', '/spa/deploy/rollback', {
      module: moduleNameOf(first),
    })) as { data: ReleaseJson };
    return data.url === ''
      ? `${data.module} is no longer in the import map (its first release was rolled back)`
      : `${data.module} rolled back to ${data.version} (${data.url})`;
  }
  if (command === 'modules') {
    if (first) {
      const query = new URLSearchParams({ module: moduleNameOf(first) });
      const { data } = (await api('GET', `/spa/deploy/history?${query}`)) as {
        data: ReleaseJson[];
      };
      return `history of ${moduleNameOf(first)}, newest first:\n${table(data)}`;
    }
    const { data } = (await api('GET', '/spa/deploy/modules')) as { data: ReleaseJson[] };
    return `live:\n${table(data)}`;
  }
  throw new Error(USAGE);
}

if (require.main === module) {
  runCli(process.argv[2] ?? '', process.argv.slice(3)).then(
    (text) => console.log(text),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
