import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// A screen is read whole by the next engineer: no hand-written component or logic file of a
// module, the toolkit, the shell or the session is over 400 lines. A bigger one is split by
// its seams (the kit, the screen's state module, its parts) — docs/floor.md.

const ROOT = path.resolve(__dirname, '../..');
const LIMIT = 400;

test(`no hand-written front-end source file is over ${LIMIT} lines`, () => {
  const files = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '--', '*/src/*.ts', '*/src/*.tsx'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => /^(mf-[\w-]+|ui|shell-layout|shared-session|root-config)\/src\//.test(file))
    .filter((file) => !file.endsWith('/graphql/generated.ts'));
  expect(files.length).toBeGreaterThan(100); // the walk found the sources
  const over = files
    .map((file) => ({
      file,
      lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1,
    }))
    .filter(({ lines }) => lines > LIMIT)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(over).toEqual([]);
});
