import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Whoever clones Kontor must be able to read what the code points to: every document a
// source file, a test or a project note cites (`docs/domain.md "Outbound"`, `SPEC.md §2`)
// is in the repository, and a cited section of the product or the domain exists there.

const ROOT = path.resolve(__dirname, '../..');

/** Every tracked or new (not ignored) file of the repository that holds code or notes. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|cjs|js|sql|graphql|css|sh|md)$/.test(file))
    .filter((file) => !file.startsWith('dist/') && existsSync(path.join(ROOT, file)));
}

/** The documents a text cites: `X.md` names, with the section that follows when there is one. */
function citations(text: string): { document: string; section?: string }[] {
  const found: { document: string; section?: string }[] = [];
  const cite =
    /((?:\.\.\/)*[\w./-]*?)\b([A-Z][A-Za-z]*|[a-z][\w-]*)\.md\b(?:\s+(§\d+|"[^"\n]+"))?/g;
  for (const match of text.matchAll(cite)) {
    const document = `${match[1]}${match[2]}.md`;
    if (/^https?:|\/\//.test(document)) continue;
    const section = match[3]?.replace(/^"|"$/g, '');
    found.push(section ? { document, section } : { document });
  }
  return found;
}

/**
 * Where a cited name points inside the repository: relative to the citing file, else from the
 * repository's root or docs/. A document outside the repository does not count.
 */
function resolve(citing: string, document: string): string | undefined {
  const candidates = [
    path.join(ROOT, path.dirname(citing), document),
    path.join(ROOT, document),
    path.join(ROOT, 'docs', document),
  ];
  return candidates.find((file) => file.startsWith(`${ROOT}${path.sep}`) && existsSync(file));
}

/** Whether a document has the section: `§2` as a `## §2` heading, a title as a heading. */
function hasSection(file: string, section: string): boolean {
  const headings = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,4} /.test(line))
    .map((line) => line.replace(/^#+\s*/, ''));
  return section.startsWith('§')
    ? headings.some((heading) => heading.startsWith(`${section} `) || heading === section)
    : headings.some((heading) => heading === section || heading.startsWith(`${section} (`));
}

test('every document the repository cites is in it, with the section cited', () => {
  const missing: string[] = [];
  let seen = 0;
  for (const file of repositoryFiles().filter((f) => f !== 'server/test/docs-citations.test.ts')) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const { document, section } of citations(text)) {
      if (/^(node_modules|CHANGELOG|LICENSE)/.test(path.basename(document))) continue;
      seen += 1;
      const target = resolve(file, document);
      if (!target) missing.push(`${file}: ${document} is not in the repository`);
      else if (section && document.startsWith('docs/') && !hasSection(target, section))
        missing.push(`${file}: ${document} has no section ${section}`);
    }
  }
  expect(seen).toBeGreaterThan(50); // the walk found the citations
  expect(missing).toEqual([]);
});

test('a citation is read with its section; a foreign one is found missing', () => {
  expect(citations('the states (docs/domain.md "Outbound"); SPEC.md §2 and README.md')).toEqual([
    { document: 'docs/domain.md', section: 'Outbound' },
    { document: 'SPEC.md', section: '§2' },
    { document: 'README.md' },
  ]);
  expect(resolve('server/src/orders/orders.ts', '../shared/SPEC.md')).toBeUndefined();
  expect(resolve('server/src/orders/orders.ts', 'docs/domain.md')).toBeDefined();
});
