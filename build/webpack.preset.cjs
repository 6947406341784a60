// The one webpack preset of Kontor: every module (and every shared library, see
// build/libs/webpack.libs.cjs) is a content-hashed System.register bundle.
const path = require('node:path');
const fs = require('node:fs');
const CopyPlugin = require('copy-webpack-plugin');
const { SharedExportsGuard } = require('./libs/shared-exports.cjs');

const root = path.resolve(__dirname, '..');

/** Import-map names of the shared libraries; never bundled into a module. */
const SHARED_LIBRARIES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@blueprintjs/core',
  'single-spa',
  'rxjs',
  'i18next',
  'react-i18next',
  '@apollo/client',
  '@apollo/client/react',
  'graphql',
  'laravel-echo',
  'pusher-js',
  'react-router-dom',
];
/** Import-map name → workspace folder of every module. */
const MODULES = {
  '@kontor/root-config': 'root-config',
  '@kontor/shared-session': 'shared-session',
  '@kontor/shell-layout': 'shell-layout',
  '@kontor/orders': 'mf-orders',
  '@kontor/warehouse': 'mf-warehouse',
  '@kontor/stocktaking': 'mf-stocktaking',
  '@kontor/admin': 'mf-admin',
  '@kontor/shop-connectors': 'mf-shop-connectors',
  '@kontor/ui': 'ui',
  // Dev-server ports follow this order (9000 + index): the connectors get 9009 and 9010.
  '@kontor/connector-shopware': 'mf-connector-shopware',
  '@kontor/connector-woocommerce': 'mf-connector-woocommerce',
};
/** The types and catalogue server and front end share (a workspace, not an import-map module). */
const CONTRACTS = '@kontor/contracts';
/** Where a module's build lands before build.mjs names its version (never served: a dot folder). */
const STAGING = '.staging';
/** Subpaths that are the same module as a shared name (rxjs 7 exports its operators at the root). */
const ALIASES = { 'rxjs/operators': 'rxjs' };
/**
 * React's packages: a module may import only their shared names. Any other entry (the dev
 * JSX runtime of issue 9, react-dom/server, react/compiler-runtime …) would bundle a second
 * copy of React's internals that runs against the page's shared React and breaks.
 */
const REACT_PACKAGE = /^(react|react-dom)(\/|$)/;

// `webpack serve` (npm run dev) builds unhashed, unminified bundles: the override URL stays stable.
const production = () => !process.env.WEBPACK_SERVE && process.env.NODE_ENV !== 'development';

/** Options shared by modules and libraries: System.register output, swc, quiet stats. */
function baseConfig({ name, outDir, externals, guardReact = false }) {
  return {
    name,
    mode: production() ? 'production' : 'development',
    devtool: production() ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir,
      filename: production() ? '[name].[contenthash:12].js' : '[name].js',
      chunkFilename: production() ? '[name].[contenthash:12].js' : '[name].js',
      library: { type: 'system' },
      publicPath: '',
      clean: true,
      uniqueName: name, // distinct chunk-loading globals per bundle on one page
    },
    externalsType: 'system',
    externals: ({ request }, callback) => {
      if (ALIASES[request]) return callback(null, ALIASES[request]);
      if (externals(request)) return callback(null, request);
      if (guardReact && REACT_PACKAGE.test(request)) {
        return callback(
          new Error(
            `${request} is not a shared library of the import map: bundling it would run a second copy of React's internals against the page's React (shared: ${SHARED_LIBRARIES.filter((n) => REACT_PACKAGE.test(n)).join(', ')})`,
          ),
        );
      }
      callback();
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
      // react-router's export map always answers its development build (warnings, about
      // three times the size); production bundles take its production build.
      alias: production()
        ? {
            'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
            'react-router/dom$': path.join(
              root,
              'node_modules/react-router/dist/production/dom-export.mjs',
            ),
          }
        : {},
    },
    resolveLoader: { modules: [path.join(root, 'node_modules'), 'node_modules'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          // Last in the list, first to run: documents parsed at build time (issue 30).
          use: [
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  // Always the production JSX runtime, also under `webpack serve` / --mode
                  // development (swc-loader would switch to `react/jsx-dev-runtime` there): JSX
                  // compiles to imports of `react/jsx-runtime`, the import map's shared one, so a
                  // dev bundle runs against the page's (production) React of any Kontor (issue 9).
                  transform: { react: { runtime: 'automatic', development: false } },
                  target: 'es2020',
                },
              },
            },
            path.join(__dirname, 'graphql-parse-loader.cjs'),
          ],
        },
        { test: /\.css$/, use: path.join(__dirname, 'style-loader.cjs') },
      ],
    },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
  };
}

/** Config of one module workspace: `dir` is its folder, `name` its import-map name. */
function moduleConfig({ dir, name, entry }) {
  const folder = path.basename(dir);
  const entryName = path.basename(entry).replace(/\.[^.]+$/, '');
  const manifest = path.join(dir, 'src', 'manifest.json');
  const config = baseConfig({
    name,
    // A staging folder: build.mjs moves each build into its version folder
    // (dist/modules/<dir>/<version>/), so no build overwrites a file another version uses.
    outDir: path.join(root, 'dist', 'modules', folder, STAGING),
    externals: (request) =>
      SHARED_LIBRARIES.includes(request) ||
      (request.startsWith('@kontor/') && request !== name && request !== CONTRACTS),
    guardReact: true,
  });
  config.context = dir;
  // @kontor/contracts is no import-map module: the little of it a module uses at run time
  // (its types vanish) is bundled from the source.
  config.resolve.alias = { [CONTRACTS]: path.join(root, 'contracts', 'src', 'index.ts') };
  // webpack 5.112 bug: with scope hoisting, `import * as React from 'react'` (a system
  // external) passed on as a value becomes a namespace of only the names imported elsewhere
  // in the bundle (single-spa-react then finds no React.Component). Modules are small, so
  // they go without concatenation; the libraries keep it (checked in the browser).
  config.optimization.concatenateModules = false;
  config.entry = {
    [entryName]: [path.join(__dirname, 'public-path.js'), path.resolve(dir, entry)],
  };
  config.plugins = fs.existsSync(manifest)
    ? [new CopyPlugin({ patterns: [{ from: manifest, to: 'manifest.json' }] })]
    : [];
  // Names imported from a library with a chosen export list must be in that list (issue 30).
  config.plugins.push(new SharedExportsGuard());
  config.devServer = {
    port: 9000 + Object.values(MODULES).indexOf(folder),
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    hot: false,
    liveReload: false,
    client: false,
    devMiddleware: { writeToDisk: false },
  };
  return config;
}

module.exports = { moduleConfig, baseConfig, SHARED_LIBRARIES, MODULES, STAGING };
