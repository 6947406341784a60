import { createHash } from 'node:crypto';
import vm from 'node:vm';

/** What a bundle that passed the check declares. */
export interface BundleCheck {
  ok: boolean;
  /** Why it is refused (empty when ok). */
  problems: string[];
  /** The import-map names it imports (System.register's dependency list). */
  dependencies: string[];
}

// Comments and whitespace may precede the registration (licence banners).
const LEADING = /^(?:\s+|\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/;
const REGISTER = /^System\.register\(\s*(\[[^\]]*\])/;

/** The subresource-integrity hash SystemJS checks (sha384, base64). */
export function integrityOf(content: Buffer | string): string {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/**
 * Checks that a bundle is JavaScript that parses and registers itself with
 * `System.register([...], …)`, and returns the names it depends on. It is compiled,
 * never run.
 */
export function checkBundle(code: string): BundleCheck {
  const body = code.replace(LEADING, '');
  const register = REGISTER.exec(body);
  if (!register) {
    return {
      ok: false,
      problems: [
        'The bundle is not a System.register module (it must start with System.register(…)).',
      ],
      dependencies: [],
    };
  }
  try {
    new vm.Script(code, { filename: 'bundle.js' });
  } catch {
    // Not the parser's message: it quotes the file, which may be anything the URL served.
    return {
      ok: false,
      problems: ['The bundle does not parse as JavaScript (check it with node --check).'],
      dependencies: [],
    };
  }
  let dependencies: string[] = [];
  try {
    const list: unknown = JSON.parse(register[1]!);
    if (Array.isArray(list)) dependencies = list.filter((d): d is string => typeof d === 'string');
  } catch {
    // A list written with single quotes: dependencies are then not checked.
  }
  return { ok: true, problems: [], dependencies };
}
