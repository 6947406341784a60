const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/shared-session',
  entry: './src/kontor-shared-session.ts',
});
