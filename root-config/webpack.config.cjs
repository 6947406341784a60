const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/root-config',
  entry: './src/kontor-root-config.ts',
});
