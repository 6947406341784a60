const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/stocktaking',
  entry: './src/kontor-stocktaking.tsx',
});
