const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/connector-woocommerce',
  entry: './src/kontor-connector-woocommerce.tsx',
});
