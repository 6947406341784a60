// The shared libraries as System.register files in dist/libs/, one webpack config each.
// Every library treats every other shared name as external, so exactly one copy of React
// (react ← react-dom ← react-dom/client ← Blueprint, react-i18next, Apollo's React part)
// exists on a page. single-spa ships its own System build and is copied by build.mjs.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const { createHash } = require('node:crypto');
const { baseConfig, MODULES } = require('../webpack.preset.cjs');
const { usedIconNames } = require('./icon-names.cjs');
const { SharedExportsGuard } = require('./shared-exports.cjs');

/** Import-map name → entry file in this folder (its base name is the output name). */
const LIBRARIES = {
  react: 'react.js',
  'react/jsx-runtime': 'react-jsx-runtime.js',
  'react/jsx-dev-runtime': 'react-jsx-dev-runtime.js', // jsxDEV on the shared jsx-runtime
  'react-dom': 'react-dom.js',
  'react-dom/client': 'react-dom-client.js',
  '@blueprintjs/core': 'blueprint-core.js',
  rxjs: 'rxjs.js',
  i18next: 'i18next.js',
  'react-i18next': 'react-i18next.js',
  graphql: 'graphql.js',
  '@apollo/client': 'apollo-client.js',
  '@apollo/client/react': 'apollo-client-react.js',
  'laravel-echo': 'laravel-echo.js',
  'pusher-js': 'pusher-js.js',
  'react-router-dom': 'react-router-dom.js',
};
const SYSTEM_BUILDS = { 'single-spa': 'single-spa/lib/es2015/system/single-spa.min.js' };

const outDir = path.resolve(__dirname, '..', '..', 'dist', 'libs');

function libraryConfig(name) {
  const file = LIBRARIES[name];
  const config = baseConfig({
    name,
    outDir,
    externals: (request) => request !== name && (request in LIBRARIES || request in SYSTEM_BUILDS),
  });
  config.context = __dirname;
  config.entry = {
    [file.replace(/\.js$/, '')]: [
      path.join(__dirname, '..', 'public-path.js'),
      path.join(__dirname, file),
    ],
  };
  config.output.clean = false; // fourteen configs share dist/libs; build.mjs empties it first
  config.output.chunkFilename = `chunks/[name].[contenthash:12].js`;
  config.plugins = [new SharedExportsGuard()];
  if (name === '@blueprintjs/core') config.plugins.push(blueprintIconFiles());
  return config;
}

/**
 * Emits each Blueprint icon's SVG paths as libs/blueprint-icons-<version>/<size>px/<name>.json,
 * and the paths of the icons Kontor shows by name (icon-names.cjs) as one file per size,
 * libs/blueprint-icons-<version>/used-<size>px.<hash>.json (issue 30: one request, not one per icon).
 */
function blueprintIconFiles() {
  const pkg = path.dirname(require.resolve('@blueprintjs/icons/package.json'));
  const dir = `blueprint-icons-${require(path.join(pkg, 'package.json')).version}`;
  const pathsOf = (size, name) =>
    require(path.join(pkg, 'lib', 'cjs', 'generated', `${size}px`, 'paths', `${name}.js`)).default;
  const used = usedIconNames(Object.values(MODULES));
  const sets = {};
  const setFiles = {};
  for (const size of [16, 20]) {
    const json = JSON.stringify(
      Object.fromEntries(used.map((name) => [name, pathsOf(size, name)])),
    );
    const hash = createHash('sha256').update(json).digest('hex').slice(0, 12);
    setFiles[size] = `used-${size}px.${hash}.json`;
    sets[size] = json;
  }
  return {
    apply(compiler) {
      new webpack.DefinePlugin({
        __BLUEPRINT_ICONS_DIR__: JSON.stringify(dir),
        __BLUEPRINT_ICON_SETS__: JSON.stringify(setFiles),
      }).apply(compiler);
      compiler.hooks.thisCompilation.tap('BlueprintIconFiles', (compilation) => {
        compilation.hooks.processAssets.tap(
          {
            name: 'BlueprintIconFiles',
            stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
          },
          () => {
            for (const size of [16, 20]) {
              const from = path.join(pkg, 'lib', 'cjs', 'generated', `${size}px`, 'paths');
              for (const file of fs
                .readdirSync(from)
                .filter((f) => f.endsWith('.js') && f !== 'index.js')) {
                const paths = require(path.join(from, file)).default;
                const json = JSON.stringify(paths);
                compilation.emitAsset(
                  `${dir}/${size}px/${file.replace(/\.js$/, '.json')}`,
                  new webpack.sources.RawSource(json),
                  { minimized: true, immutable: true },
                );
              }
              compilation.emitAsset(
                `${dir}/${setFiles[size]}`,
                new webpack.sources.RawSource(sets[size]),
                { minimized: true, immutable: true },
              );
            }
          },
        );
      });
    },
  };
}

module.exports = Object.keys(LIBRARIES).map(libraryConfig);
module.exports.LIBRARIES = LIBRARIES;
module.exports.SYSTEM_BUILDS = SYSTEM_BUILDS;
