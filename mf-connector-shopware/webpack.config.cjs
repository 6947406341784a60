const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/connector-shopware',
  entry: './src/kontor-connector-shopware.tsx',
});
