// `npm start`: build what is not built yet (incremental), build the server, run it.
// The environment passes through (PORT default 8080, HOST, DATA_DIR …); SIGINT/SIGTERM go
// to the server, and this process exits with the server's exit code.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const { SERVER_NODE_FLAGS } = createRequire(import.meta.url)('./server-flags.cjs');

let current = null; // the running child: the build steps, then the server
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => (current ? current.kill(signal) : process.exit(130)));
}

/** Runs a step to completion; a failed or interrupted step ends `npm start` with its code. */
function step(command, args) {
  return new Promise((resolve) => {
    const child = (current = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    }));
    child.on('exit', (code, signal) => {
      if (code === 0) return resolve();
      console.error(`✗ ${command} ${args.join(' ')} failed (${signal ?? code})`);
      process.exit(code ?? 1);
    });
  });
}

await step(process.execPath, [path.join(root, 'build', 'build.mjs'), ...process.argv.slice(2)]);
await step(npm, ['run', '--silent', 'build', '-w', 'server']);

const main = path.join(root, 'server', 'dist', 'main.js');
const server = (current = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT ?? '8080' },
}));
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
