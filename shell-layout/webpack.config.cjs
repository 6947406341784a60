const { moduleConfig } = require('../build/webpack.preset.cjs');

module.exports = moduleConfig({
  dir: __dirname,
  name: '@kontor/shell-layout',
  entry: './src/kontor-shell-layout.tsx',
});
