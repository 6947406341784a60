const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/orders',
  entry: './src/kontor-orders.tsx',
});
