// `npm run build`: shared libraries and every module as System.register bundles in dist/,
// then dist/importmap.json, dist/modules.json, dist/index.html and dist/kontor.css.
// Incremental: a unit (the libraries, or one workspace) is rebuilt only when the hash of its
// inputs changed (state in dist/.build-state.json); `--force` rebuilds everything.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV ??= 'production';
const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { MODULES, STAGING } = require('./webpack.preset.cjs');
const { usedIconNames } = require('./libs/icon-names.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const statePath = path.join(dist, '.build-state.json');
const force = process.argv.includes('--force');
const rel = (file) => path.relative(root, file);

/** Files copied as they are into dist/libs/ (import-map name or page asset → file). */
const COPIED = {
  'single-spa': 'single-spa/lib/es2015/system/single-spa.min.js',
  systemjs: 'systemjs/dist/system.min.js',
  'import-map-overrides': 'import-map-overrides/dist/import-map-overrides.js',
  'blueprint.css': '@blueprintjs/core/lib/css/blueprint.css',
};
const PAGE_ASSETS = ['systemjs', 'import-map-overrides', 'blueprint.css']; // not in the import map

// ---- input hashing -------------------------------------------------------------------
function listFiles(target) {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) =>
      entry.name === 'node_modules' ? [] : listFiles(path.join(target, entry.name)),
    );
}
function hashInputs(targets) {
  const hash = createHash('sha256');
  for (const file of targets.flatMap(listFiles).sort()) {
    hash.update(rel(file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}
// The build files that shape a bundle (not build.mjs itself, nor test helpers in build/).
const buildFiles = [
  'webpack.preset.cjs',
  'public-path.js',
  'style-loader.cjs',
  'graphql-parse-loader.cjs',
  'libs',
].map((f) => path.join(root, 'build', f));
const common = [...buildFiles, path.join(root, 'package-lock.json')];

/**
 * dist/.icon-names.json: the Blueprint icons the workspaces show by name (build/libs/
 * icon-names.cjs), rewritten only when they change, so that a new icon in a module rebuilds
 * the libraries' icon files and nothing else does.
 */
function iconNamesFile() {
  const file = path.join(dist, '.icon-names.json');
  const names = JSON.stringify(usedIconNames(Object.values(MODULES))) + '\n';
  fs.mkdirSync(dist, { recursive: true });
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== names)
    fs.writeFileSync(file, names);
  return file;
}

// ---- units ---------------------------------------------------------------------------
const units = [
  {
    name: 'libs',
    // The icons the workspaces show by name go into the libraries' icon files (issue 30).
    inputs: [...common, path.join(root, 'package.json'), iconNamesFile()],
    configs: () => require('./libs/webpack.libs.cjs'),
    prepare: () => fs.rmSync(path.join(dist, 'libs'), { recursive: true, force: true }),
    finish: copyPlainLibraries,
  },
  ...Object.entries(MODULES).map(([name, dir]) => {
    const cwd = path.join(root, dir);
    return {
      name,
      dir,
      inputs: [
        ...common,
        // Bundled into the modules that import it (shared-session holds the message catalogue).
        path.join(root, 'contracts', 'src'),
        path.join(cwd, 'src'),
        path.join(cwd, 'webpack.config.cjs'),
        path.join(cwd, 'package.json'),
      ],
      configs: () => [require(path.join(cwd, 'webpack.config.cjs'))],
      missing: () => {
        const config = require(path.join(cwd, 'webpack.config.cjs'));
        const entry = Object.values(config.entry)[0].at(-1);
        return fs.existsSync(entry) ? null : rel(entry);
      },
    };
  }),
];

/** Copies the libraries that ship a ready build, with a content hash in the name. */
function copyPlainLibraries() {
  const outputs = {};
  for (const [name, request] of Object.entries(COPIED)) {
    const source = path.join(root, 'node_modules', request); // export maps forbid require.resolve
    const content = fs.readFileSync(source);
    const ext = path.extname(source);
    const base = name.replace(/[@/]/g, (c) => (c === '/' ? '-' : '')).replace(/\.css$/, '');
    const file = `${base}.${createHash('sha256').update(content).digest('hex').slice(0, 12)}${ext}`;
    fs.writeFileSync(path.join(dist, 'libs', file), content);
    outputs[name] = `/libs/${file}`;
  }
  return outputs;
}

/**
 * Moves a module's fresh build from its staging folder into dist/modules/<dir>/<version>/,
 * version = hash of every file of the build, and writes build.json (name, version, entry)
 * for the deployer. A version folder is never overwritten: the same content has the same
 * version, so an identical rebuild finds its folder already there.
 */
function publishVersion(unit, outputs) {
  const staging = path.join(dist, 'modules', unit.dir, STAGING);
  const files = listFiles(staging).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(staging, file)).update('\0').update(fs.readFileSync(file));
  }
  const version = hash.digest('hex').slice(0, 12);
  const target = path.join(dist, 'modules', unit.dir, version);
  const entry = path.posix.basename(outputs[unit.name]);
  if (fs.existsSync(path.join(target, 'build.json'))) {
    fs.rmSync(staging, { recursive: true, force: true });
  } else {
    fs.rmSync(target, { recursive: true, force: true }); // a half-written folder of a crashed build
    fs.renameSync(staging, target);
    const info = { name: unit.name, version, entry, builtAt: new Date().toISOString() };
    fs.writeFileSync(path.join(target, 'build.json'), JSON.stringify(info, null, 2) + '\n');
  }
  return { [unit.name]: `/modules/${unit.dir}/${version}/${entry}` };
}

/** Import-map URLs of a finished compilation's entry files. */
function entryOutputs(stats, config) {
  const json = stats.toJson({ all: false, entrypoints: true, outputPath: true });
  const entry = Object.values(json.entrypoints)[0].assets.find((a) => a.name.endsWith('.js'));
  return {
    [config.name]:
      '/' + path.relative(dist, path.join(json.outputPath, entry.name)).split(path.sep).join('/'),
  };
}

function runWebpack(configs) {
  configs.parallelism = 2; // two cores here
  return new Promise((resolve, reject) =>
    webpack(configs, (error, multiStats) => (error ? reject(error) : resolve(multiStats.stats))),
  );
}

function formatProblems(stats, kind) {
  return stats
    .toJson({ all: false, [kind]: true, moduleTrace: false })
    [kind].map(
      (p) =>
        `  ${p.moduleName ? p.moduleName + ': ' : ''}${p.message.split('\n').slice(0, 6).join('\n  ')}`,
    );
}

// ---- main ----------------------------------------------------------------------------
async function main() {
  const started = Date.now();
  fs.mkdirSync(dist, { recursive: true });
  const state =
    !force && fs.existsSync(statePath)
      ? JSON.parse(fs.readFileSync(statePath, 'utf8'))
      : { units: {} };
  const upToDate = (unit, hash) => {
    const previous = state.units[unit.name];
    return (
      previous?.hash === hash &&
      Object.values(previous.outputs).every((url) => fs.existsSync(path.join(dist, url)))
    );
  };

  const pending = [];
  for (const unit of units) {
    const missing = unit.missing?.();
    if (missing) {
      console.warn(`! ${unit.name}: skipped, ${missing} does not exist yet`);
      delete state.units[unit.name];
      continue;
    }
    unit.hash = hashInputs(unit.inputs);
    if (!upToDate(unit, unit.hash)) pending.push(unit);
  }

  let failed = false;
  if (pending.length > 0) {
    console.log(`building ${pending.map((u) => u.name).join(', ')} …`);
    const configs = [];
    for (const unit of pending) {
      unit.prepare?.();
      for (const config of unit.configs()) configs.push({ unit, config });
    }
    const allStats = await runWebpack(configs.map((c) => c.config));
    for (const unit of pending) {
      const own = configs
        .map((c, i) => ({ ...c, stats: allStats[i] }))
        .filter((c) => c.unit === unit);
      const errors = own.flatMap(({ stats }) =>
        stats.hasErrors() ? formatProblems(stats, 'errors') : [],
      );
      const warnings = own.flatMap(({ stats }) =>
        stats.hasWarnings() ? formatProblems(stats, 'warnings') : [],
      );
      if (warnings.length) console.warn(`! ${unit.name}: warnings\n${warnings.join('\n')}`);
      if (errors.length) {
        console.error(`✗ ${unit.name}: build failed\n${errors.join('\n')}`);
        delete state.units[unit.name];
        failed = true;
        continue;
      }
      let outputs = Object.assign(
        {},
        ...own.map(({ stats, config }) => entryOutputs(stats, config)),
        unit.finish?.(),
      );
      if (unit.dir) outputs = publishVersion(unit, outputs);
      state.units[unit.name] = { hash: unit.hash, outputs };
    }
    fs.writeFileSync(statePath, JSON.stringify(state, null, 2));
  }
  if (failed) {
    console.error('build failed');
    process.exit(1);
  }

  writeSite(state);
  printSummary(state, new Set(pending.map((u) => u.name)));
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s → ${rel(dist)}/`);
}

/** importmap.json, modules.json, index.html and kontor.css from the units' outputs. */
function writeSite(state) {
  const all = Object.assign({}, ...Object.values(state.units).map((u) => u.outputs));
  const sri = (url) =>
    'sha384-' +
    createHash('sha384')
      .update(fs.readFileSync(path.join(dist, url)))
      .digest('base64');
  const imports = Object.fromEntries(
    Object.entries(all)
      .filter(([name]) => !PAGE_ASSETS.includes(name))
      .sort(),
  );
  const importMap = {
    imports,
    integrity: Object.fromEntries(Object.values(imports).map((url) => [url, sri(url)])),
  };
  fs.writeFileSync(path.join(dist, 'importmap.json'), JSON.stringify(importMap, null, 2) + '\n');

  const registry = [];
  for (const [name, dir] of Object.entries(MODULES)) {
    const url = state.units[name]?.outputs[name];
    const file = url && path.join(dist, path.posix.dirname(url), 'manifest.json');
    if (!file || !fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (manifest.name !== name) {
      console.error(
        `✗ ${dir}/src/manifest.json: "name" is ${JSON.stringify(manifest.name)}, but the module's import-map name is "${name}"`,
      );
      process.exit(1);
    }
    registry.push({ name, manifest });
  }
  fs.writeFileSync(path.join(dist, 'modules.json'), JSON.stringify(registry) + '\n');

  const css = fs.readFileSync(path.join(root, 'root-config', 'src', 'kontor.css'));
  fs.writeFileSync(path.join(dist, 'kontor.css'), css);
  const values = {
    BLUEPRINT_CSS: all['blueprint.css'],
    KONTOR_CSS: `/kontor.css?v=${createHash('sha256').update(css).digest('hex').slice(0, 12)}`,
    IMPORT_MAP_OVERRIDES: all['import-map-overrides'],
    IMPORT_MAP_OVERRIDES_INTEGRITY: sri(all['import-map-overrides']),
    SYSTEMJS: all.systemjs,
    SYSTEMJS_INTEGRITY: sri(all.systemjs),
  };
  const html = fs
    .readFileSync(path.join(root, 'root-config', 'index.html'), 'utf8')
    .replace(/%([A-Z_]+)%/g, (match, key) => values[key] ?? match);
  fs.writeFileSync(path.join(dist, 'index.html'), html);
}

function printSummary(state, built) {
  const rows = [];
  for (const [unit, { outputs }] of Object.entries(state.units)) {
    for (const [name, url] of Object.entries(outputs)) {
      const gzip = gzipSync(fs.readFileSync(path.join(dist, url)), { level: 9 }).length;
      rows.push([name, (gzip / 1024).toFixed(1) + ' KB', built.has(unit) ? 'built' : 'cached']);
    }
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(
    rows.map(([n, s, b]) => `  ${n.padEnd(width)} ${s.padStart(9)} gzip  ${b}`).join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
