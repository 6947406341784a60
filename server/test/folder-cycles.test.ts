import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The server's folders are its areas (orders, stock, auth …). An area may use another, but no
// two may use each other at run time, through however many folders: a cycle means neither can
// be read, tested or moved alone, and module load order starts to matter. Type-only imports
// do not count (they vanish at run time). The root files (app.ts, config.ts, main.ts) wire
// the areas together and are left out.

const SRC = path.resolve(__dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The area of a file: its first folder below src/, or null for a root file. */
function areaOf(file: string): string | null {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

/**
 * The relative modules a file imports or re-exports at run time: every `import … from`,
 * `export … from` and bare `import '…'`, but not `import type`, `export type` or an import
 * whose every name is marked `type`.
 */
function runtimeImports(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+([^'";]*?)\s*from\s*'([^']+)'|^\s*import\s*'([^']+)'/gm;
  for (const match of code.matchAll(statement)) {
    const specifier = match[3] ?? match[4]!;
    const what = (match[2] ?? '').trim();
    if (/^type\s/.test(what)) continue;
    const names = /^\{([\s\S]*)\}$/.exec(what)?.[1];
    const onlyTypes =
      names !== undefined &&
      names.split(',').filter((name) => name.trim()).length > 0 &&
      names
        .split(',')
        .filter((name) => name.trim())
        .every((name) => /^\s*type\s/.test(name));
    if (!onlyTypes) found.push(specifier);
  }
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** Area → area → the imports that make the edge ("orders/orders.ts → ../picklists/x"). */
function areaGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = areaOf(file);
    if (!from) continue;
    for (const specifier of runtimeImports(readFileSync(file, 'utf8'))) {
      const to = areaOf(path.resolve(path.dirname(file), specifier));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${path.relative(SRC, file)} → ${specifier}`]);
    }
  }
  return graph;
}

/** Every cycle's areas (strongly connected components of more than one area), Tarjan's way. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (area: string) => {
    index.set(area, next);
    low.set(area, next);
    next += 1;
    stack.push(area);
    for (const to of graph.get(area)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(area, Math.min(low.get(area)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(area, Math.min(low.get(area)!, index.get(to)!));
    }
    if (low.get(area) !== index.get(area)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== area);
    if (component.length > 1) found.push(component.sort());
  };
  for (const area of graph.keys()) if (!index.has(area)) visit(area);
  return found;
}

test('no two server folders import each other at run time, directly or round about', () => {
  const graph = areaGraph();
  expect(graph.size).toBeGreaterThan(10); // the walk found the areas
  const described = cycles(graph).map((component) =>
    component
      .flatMap((from) =>
        component.flatMap((to) =>
          (graph.get(from)?.get(to) ?? []).slice(0, 2).map((edge) => `${from} → ${to}: ${edge}`),
        ),
      )
      .join('\n'),
  );
  expect(described).toEqual([]);
});

test('type-only imports do not count; the others do, over several lines', () => {
  const text = [
    "import type { Db } from '../db';",
    "import { type Order, type Item } from '../orders/orders';",
    "import {\n  reserve,\n  type NewReservation,\n} from '../stock/reservations';",
    "export { lockOf } from '../stock/locks';",
    "// import { gone } from '../comments/only';",
    "import '../side/effect';",
  ].join('\n');
  expect(runtimeImports(text)).toEqual([
    '../stock/reservations',
    '../stock/locks',
    '../side/effect',
  ]);
});

test('the check sees a cycle when there is one', () => {
  const graph = new Map([
    ['stock', new Map([['stocktaking', ['stock/stock.ts → ../stocktaking/locks']]])],
    ['stocktaking', new Map([['stock', ['stocktaking/rules.ts → ../stock/rules']]])],
    ['orders', new Map([['stock', ['orders/orders.ts → ../stock/reservations']]])],
  ]);
  expect(cycles(graph)).toEqual([['stock', 'stocktaking']]);
});
