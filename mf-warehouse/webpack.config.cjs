const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/warehouse',
  entry: './src/kontor-warehouse.tsx',
});
