// Shared libraries whose entry in this folder exports a chosen list of names, not `export *`
// (react-router-dom since issue 10; graphql, Apollo, rxjs, Blueprint and react-i18next since
// issue 30: what a page downloads shrank by a fifth). A module bundle reads a shared library's
// names from its System.register namespace at run time, so a name missing from the list would
// only show as `undefined` in the browser. This plugin (in every module's and library's production build)
// fails the build instead: each name a bundle imports from such a library must be in its list.
const fs = require('node:fs');
const path = require('node:path');

/** Import-map name → entry file (in this folder) of the libraries with a chosen list. */
const CHOSEN = {
  graphql: 'graphql.js',
  '@apollo/client': 'apollo-client.js',
  '@apollo/client/react': 'apollo-client-react.js',
  rxjs: 'rxjs.js',
  '@blueprintjs/core': 'blueprint-core.js',
  'react-i18next': 'react-i18next.js',
  'react-router-dom': 'react-router-dom.js',
};

const lists = new Map();
/** The names a library's entry exports (its last `export { … }`, and `default`). */
function exportedNames(library) {
  if (!lists.has(library)) {
    const text = fs.readFileSync(path.join(__dirname, CHOSEN[library]), 'utf8');
    const block = [...text.matchAll(/^export \{([^}]*)\};/gm)].at(-1)?.[1] ?? '';
    const names = block
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1),
      )
      .filter(Boolean);
    lists.set(library, new Set([...names, 'default']));
  }
  return lists.get(library);
}

class SharedExportsGuard {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('SharedExportsGuard', (compilation) => {
      compilation.hooks.afterOptimizeDependencies.tap('SharedExportsGuard', (modules) => {
        // Without usage analysis (development builds) every name counts as used: no check.
        if (!compilation.options.optimization.usedExports) return;
        for (const module of modules) {
          if (module.constructor.name !== 'ExternalModule') continue;
          const library = typeof module.request === 'string' ? module.request : module.userRequest;
          if (!(library in CHOSEN) || library === compiler.options.name) continue;
          const exportsInfo = compilation.moduleGraph.getExportsInfo(module);
          const listed = exportedNames(library);
          const missing = [];
          for (const info of exportsInfo.orderedExports) {
            if (info.getUsed(undefined) !== 0 && !listed.has(info.name)) missing.push(info.name);
          }
          const asWhole = exportsInfo.otherExportsInfo.getUsed(undefined) !== 0;
          if (missing.length === 0 && !asWhole) continue;
          const error = new Error(
            missing.length > 0
              ? `${compiler.options.name} imports ${missing.join(', ')} from ${library}, which its shared entry does not export: add ${missing.length > 1 ? 'them' : 'it'} to build/libs/${CHOSEN[library]}`
              : `${compiler.options.name} uses ${library} as a whole namespace: import the names it needs (build/libs/${CHOSEN[library]} exports a chosen list)`,
          );
          error.module = module;
          compilation.errors.push(error);
        }
      });
    });
  }
}

module.exports = { SharedExportsGuard, CHOSEN };
