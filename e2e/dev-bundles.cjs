// Builds every module as `npm run dev -w <module>` serves it (webpack serve: development mode,
// unhashed file names), but onto disk, for the override test (e2e/dev-override.spec.ts):
//   node e2e/dev-bundles.cjs <outDir>   → <outDir>/<workspace>/<entry>.js
// and prints {"<import-map name>": "/<workspace>/<entry>.js", …} as JSON. Never writes dist/.
const path = require('node:path');

process.env.WEBPACK_SERVE = 'true'; // what `webpack serve` sets: the preset's dev settings
const webpack = require('webpack');
const { MODULES } = require('../build/webpack.preset.cjs');

const root = path.resolve(__dirname, '..');
const outDir = path.resolve(process.argv[2]);

const configs = Object.values(MODULES).map((dir) => {
  const config = require(path.join(root, dir, 'webpack.config.cjs'));
  config.mode = 'development'; // `--mode development` of the dev script
  config.output.path = path.join(outDir, dir);
  return config;
});
configs.parallelism = 2;

webpack(configs, (error, multiStats) => {
  if (error) throw error;
  const entries = {};
  let failed = false;
  multiStats.stats.forEach((stats, i) => {
    const { name, output } = configs[i];
    if (stats.hasErrors()) {
      failed = true;
      console.error(stats.toString({ all: false, errors: true }));
      return;
    }
    const json = stats.toJson({ all: false, entrypoints: true });
    const file = Object.values(json.entrypoints)[0].assets.find((a) => a.name.endsWith('.js'));
    entries[name] =
      `/${path.relative(outDir, path.join(output.path, file.name)).split(path.sep).join('/')}`;
  });
  if (failed) process.exit(1);
  process.stdout.write(JSON.stringify(entries));
});
