// One jest run for every workspace: browser code in jsdom, the server in node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const front = (name) => ({
  displayName: name,
  testEnvironment: 'jsdom',
  roots: [`<rootDir>/${name}`],
  testMatch: ['**/test/**/*.test.ts?(x)'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  setupFilesAfterEnv: ['<rootDir>/build/jest.setup.ts'],
  moduleNameMapper: {
    '^@kontor/contracts$': '<rootDir>/contracts/src/index.ts',
    '^@kontor/shared-session$': '<rootDir>/shared-session/src/index.ts',
    '^@kontor/ui$': '<rootDir>/ui/src/index.ts',
    // What a connector module asks SystemJS for in the browser (loadShared under jest).
    '^@kontor/shop-connectors$': '<rootDir>/mf-shop-connectors/src/kontor-shop-connectors.tsx',
    '\\.css$': '<rootDir>/build/jest.style-stub.cjs',
  },
});
module.exports = {
  // Jest's default is one worker less than the cores: one on a 2-core CI machine, which then
  // idles while a test waits for its server. Two keep both cores busy.
  maxWorkers: 2,
  // A worker that has run several files against real servers takes up to a second to exit on
  // its own on a 2-core machine; jest's default of 500 ms killed it first ("failed to exit
  // gracefully"), before its exit handler removed its data template (jest-real-server.ts).
  workerGracefulExitTimeout: 5_000,
  projects: [
    front('shared-session'),
    front('ui'),
    front('root-config'),
    front('shell-layout'),
    front('mf-orders'),
    front('mf-warehouse'),
    front('mf-stocktaking'),
    front('mf-admin'),
    front('mf-shop-connectors'),
    front('mf-connector-shopware'),
    front('mf-connector-woocommerce'),
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      testMatch: ['**/test/**/*.test.ts'],
      // The server runs @kontor/contracts' build (dist/); its tests read the source.
      moduleNameMapper: { '^@kontor/contracts$': '<rootDir>/contracts/src/index.ts' },
      transform: {
        '^.+\\.ts$': swc,
        '/node_modules/(.+/)?(content-disposition|quick-lru|mercurius)/.+\\.js$': swc,
      },
      // Mercurius loads quick-lru with import() and content-disposition (through
      // @fastify/static) as ES modules; Node does that, jest's sandbox needs them compiled.
      transformIgnorePatterns: [
        '/node_modules/(?!((@fastify/static/node_modules/)?content-disposition|quick-lru|mercurius)/)',
      ],
    },
    {
      displayName: 'shop-standins',
      testEnvironment: 'node',
      roots: ['<rootDir>/shop-standins'],
      testMatch: ['**/test/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc },
    },
  ],
};
