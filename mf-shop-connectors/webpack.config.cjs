const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/shop-connectors',
  entry: './src/kontor-shop-connectors.tsx',
});
