// `npm run deploy` / `rollback` / `modules` when no Kontor answers at the address: the
// operator is told which URL was tried and what to check, not just "fetch failed".
import { createServer } from 'node:net';
import { runCli } from '../src/deploy/cli';

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['KONTOR_URL', 'PORT', 'DEPLOY_TOKEN']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** A port nothing listens on (taken from the system, then closed again). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

test('with KONTOR_URL pointing nowhere, the error names that URL, the request, the reason and KONTOR_URL', async () => {
  const port = await closedPort();
  process.env.KONTOR_URL = `http://127.0.0.1:${port}`;
  process.env.DEPLOY_TOKEN = 'cli-test-token-cli-test-token-cli-test';
  const failure = runCli('deploy', ['admin', '3f2a9c1b0d4e']);
  await expect(failure).rejects.toThrow(
    `Could not reach Kontor at http://127.0.0.1:${port} (POST /spa/deploy: ECONNREFUSED).`,
  );
  await expect(failure).rejects.toThrow(/from KONTOR_URL\. Check that the server is running/);
});

test('without KONTOR_URL, the error says the address came from PORT', async () => {
  const port = await closedPort();
  delete process.env.KONTOR_URL;
  process.env.PORT = String(port);
  process.env.DEPLOY_TOKEN = 'cli-test-token-cli-test-token-cli-test';
  await expect(runCli('modules', [])).rejects.toThrow(
    new RegExp(
      `Could not reach Kontor at http://localhost:${port} \\(GET /spa/deploy/modules: \\w+\\)\\.\\n` +
        `The address comes from the default http://localhost:\\$PORT \\(PORT=${port}\\)`,
    ),
  );
});

test('a KONTOR_URL that is not an http URL is named as such', async () => {
  process.env.KONTOR_URL = 'localhost:8080';
  process.env.DEPLOY_TOKEN = 'cli-test-token-cli-test-token-cli-test';
  await expect(runCli('modules', [])).rejects.toThrow(
    'KONTOR_URL is not an http(s) URL: localhost:8080',
  );
});
