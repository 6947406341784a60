// The Blueprint icons Kontor shows by name (issue 30): every quoted icon name on a line of the
// workspaces' sources that speaks of an icon (`icon="cube"`, `leftIcon: 'cube'`, `icon={done ?
// 'tick' : 'cross'}`, a manifest's menu `"icon": "cube"`) and the few Blueprint's own components
// show by name. Their paths go into one file per size that the icon loader fetches once
// (build/libs/blueprint-core.js) instead of a request per icon. A word that happens to name an
// icon only adds a few hundred bytes; an icon shown but missed here still loads, as its own file.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
/** Icons Blueprint's components (core, select) show by name, not as bundled components. */
const BLUEPRINT_OWN = ['add', 'caret-down', 'chevron-left', 'square'];
const QUOTED = /["'`]([a-z0-9]+(?:-[a-z0-9]+)*)["'`]/g;
const ICON_LINE = /icon/i;

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(tsx?|json)$/.test(entry.name) && !file.endsWith('/graphql/generated.ts')
      ? [file]
      : [];
  });
}

/** The names, sorted, of the icons the workspaces `folders` (their src/) may show by name. */
function usedIconNames(folders) {
  const { IconNames } = require('@blueprintjs/icons');
  const known = new Set(Object.values(IconNames));
  const used = new Set(BLUEPRINT_OWN);
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(root, folder, 'src'))) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!ICON_LINE.test(line)) continue;
        for (const [, name] of line.matchAll(QUOTED)) if (known.has(name)) used.add(name);
      }
    }
  }
  return [...used].sort();
}

module.exports = { usedIconNames };
