import type { Page, TestInfo } from '@playwright/test';

// The rules of the warehouse floor (issue 30) a screen is checked against at 390 and 820 px:
// what a user with a handheld or a tablet notices when they are broken.

/** What a page is, for the rules that apply to it. */
export type PageKind = 'list' | 'details' | 'form' | 'scan' | 'page';

export interface FloorFindings {
  /** Broken rules: each fails the test. */
  problems: string[];
  /** Worth knowing, no failure (a details table without a key column). */
  notes: string[];
  /** Key cells shown (a sign the rules had something to check). */
  keys: number;
}

/**
 * Checks the layout rules of the screen shown now:
 * - neither the page nor the content area scrolls sideways, and nothing shown ends outside
 *   the window unless a scroll area of its own (a table's) holds it;
 * - every visible key column (`[data-key-column]`, Contract B) lies inside the window and
 *   inside the area that clips it — its numbers are readable without scrolling sideways;
 * - a list (and a details page with a table) declares at least one key column;
 * - a scanner screen is the kit's (`.kontor-scan-screen`), and at a handheld's width every
 *   control in it (buttons, fields, selects, checkboxes, tabs) is at least 44 px tall.
 */
export async function floorFindings(page: Page, kind: PageKind): Promise<FloorFindings> {
  return page.evaluate((kind) => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const notes: string[] = [];
    const scroller = document.scrollingElement!;
    if (scroller.scrollWidth > width + 0.5)
      problems.push(`the page is ${scroller.scrollWidth} px wide in a ${width} px window`);
    const content = document.getElementById('kontor-content');
    if (content && content.scrollWidth > content.clientWidth + 0.5)
      problems.push(
        `the content area is ${content.scrollWidth} px wide in its ${content.clientWidth} px`,
      );
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('')}`;
    // The element and its nearest named ancestors, so a failure says where to look.
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
    const describe = (element: Element) => {
      const path = [name(element)];
      for (let up = element.parentElement; up && path.length < 4; up = up.parentElement)
        if (up.id || up.classList.length > 0) path.unshift(name(up));
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('data-label') ??
        (element.textContent ?? '').trim().slice(0, 30);
      return `${path.join(' > ')} "${label}"`;
    };
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
    const visible = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      element.getBoundingClientRect().width > 0 &&
      element.getBoundingClientRect().height > 0;
    /** The nearest ancestor that clips sideways (a scroll area), or null. */
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page
    const clipper = (element: Element): HTMLElement | null => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (!(up instanceof HTMLElement)) continue; // an icon's <svg> clips only itself
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(up).overflowX))
          return up;
      }
      return null;
    };

    // Nothing sticks out of the window unless a scroll area inside the window holds it.
    for (const element of document.body.querySelectorAll('*')) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (!visible(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.right <= width + 0.5 && box.left >= -0.5) continue;
      const area = clipper(element);
      if (area && area.getBoundingClientRect().right <= width + 0.5) continue;
      problems.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)}`);
    }

    // Key columns: inside the window and inside the area that clips them.
    const keys = [...document.querySelectorAll('[data-key-column]')].filter(visible);
    const cut = new Map<string, number>();
    for (const key of keys) {
      const box = key.getBoundingClientRect();
      let left = 0;
      let right = width;
      for (let up = clipper(key); up; up = clipper(up)) {
        const area = up.getBoundingClientRect();
        left = Math.max(left, area.left);
        right = Math.min(right, area.right);
      }
      if (box.left >= left - 0.5 && box.right <= right + 0.5) continue;
      const table = key.closest('table');
      const where = `key column "${key.getAttribute('data-label') ?? (key.textContent ?? '').trim().slice(0, 20)}" of table "${table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent ?? '?'}" (${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(left)}–${Math.round(right)})`;
      cut.set(where, (cut.get(where) ?? 0) + 1);
    }
    for (const [where, count] of cut)
      problems.push(`${where}${count > 1 ? ` ×${count}` : ''}: not visible without scrolling`);
    // A key cell holds what it shows: nothing of it runs over into the cell beside it.
    const spilling = new Map<string, number>();
    for (const key of keys) {
      const box = key.getBoundingClientRect();
      for (const inner of key.querySelectorAll('*')) {
        if (inner instanceof SVGElement && !(inner instanceof SVGSVGElement)) continue;
        if (!visible(inner)) continue;
        const part = inner.getBoundingClientRect();
        if (part.right <= box.right + 1 && part.left >= box.left - 1) continue;
        const where = `key column "${key.getAttribute('data-label') ?? '?'}": ${describe(inner)} runs over its cell (${Math.round(part.left)}–${Math.round(part.right)} in ${Math.round(box.left)}–${Math.round(box.right)})`;
        spilling.set(where, (spilling.get(where) ?? 0) + 1);
        break;
      }
    }
    for (const [where, count] of spilling)
      problems.push(`${where}${count > 1 ? ` ×${count}` : ''}`);

    // Lists declare their key columns; a table of a details page should too.
    const tables = [...document.querySelectorAll('#kontor-content table')].filter(
      (table) => visible(table) && table.querySelector('tbody tr td'),
    );
    if (kind === 'list' && keys.length === 0)
      problems.push('the list shows no key column ([data-key-column])');
    if (kind === 'details' && tables.length > 0 && keys.length === 0)
      problems.push('the details page shows tables but no key column ([data-key-column])');
    for (const table of tables)
      if (!table.querySelector('[data-key-column]'))
        notes.push(
          `table "${table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? describe(table)}" declares no key column`,
        );

    // The scanner screens: the kit's layout, touch targets of 44 px on a handheld.
    if (kind === 'scan') {
      const screen = document.querySelector('.kontor-scan-screen');
      if (!screen) problems.push('no .kontor-scan-screen: the scanner screen does not use the kit');
      else if (width < 600) {
        const controls = new Set<Element>();
        for (const element of screen.querySelectorAll(
          'button, .bp6-button, [role="button"], select, textarea, [role="tab"], [role="checkbox"], [role="radio"], input',
        )) {
          if (element instanceof HTMLInputElement) {
            if (element.type === 'hidden') continue;
            // A checkbox or radio is touched at its label (the box itself is drawn).
            if (['checkbox', 'radio'].includes(element.type)) {
              const label = element.closest('label');
              if (label) controls.add(label);
              continue;
            }
          }
          controls.add(element);
        }
        const small = new Map<string, number>();
        for (const control of controls) {
          if (!visible(control)) continue;
          const height = control.getBoundingClientRect().height;
          if (height >= 43.5) continue;
          const what = `${describe(control)} is ${Math.round(height)} px tall`;
          small.set(what, (small.get(what) ?? 0) + 1);
        }
        for (const [what, count] of small)
          problems.push(`${what}${count > 1 ? ` (×${count})` : ''}, under 44 px`);
      }
    }
    return { problems, notes, keys: keys.length };
  }, kind);
}

/**
 * The scan field after a scan: the focus is in a field of the scanner screen, and that field
 * is inside the window from top to bottom and not covered (a sticky bar, a dialog). Waits up
 * to `timeout` ms for the screen to settle; null when it is so, else what is wrong.
 */
export async function scanFieldProblem(page: Page, timeout = 3_000): Promise<string | null> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const problem = await page.evaluate(() => {
      const field = document.activeElement;
      if (!(field instanceof HTMLInputElement) && !(field instanceof HTMLTextAreaElement))
        return `the focus is on ${field?.tagName.toLowerCase() ?? 'nothing'}, not in a field`;
      const name = field.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? field.id;
      if (!field.closest('.kontor-scan-screen'))
        return `the focused field "${name}" is not in .kontor-scan-screen`;
      const box = field.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight)
        return `the focused field "${name}" spans ${Math.round(box.top)}–${Math.round(box.bottom)} px in a ${window.innerHeight} px window`;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top !== field && !field.contains(top) && !top?.contains(field))
        return `the focused field "${name}" is covered by ${top?.tagName.toLowerCase()}.${[...(top?.classList ?? [])].join('.')}`;
      return null;
    });
    if (problem === null || Date.now() > deadline) return problem;
    await page.waitForTimeout(100);
  }
}

/** Keeps a screenshot of what the user sees now as a test artefact. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Waits two frames: a table that switches to card rows on its size has done so. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Moves to a path inside the running page, as a link does (no reload: keeps the sweep fast). */
export async function goInside(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Dates and numbers as the page's language writes them (docs/design.md "Words, numbers and
 * dates"): no ISO day (`2028-06-30`) in either language, no decimal point in German (`3.8`; a
 * thousands dot `1.234` and a day `28.11.2026` are German), no decimal comma in English
 * (`3,8`; `1,234` groups thousands). Read from the content area's text, fields excluded; a
 * number that is part of a code — joined to letters, a hyphen or a slash (SKUs, order and
 * place numbers, barcodes) — is no value and left alone.
 */
export async function formatProblems(page: Page, language: 'de' | 'en'): Promise<string[]> {
  return page.evaluate((language) => {
    const content = document.getElementById('kontor-content');
    if (!content) return [];
    const problems = new Set<string>();
    const iso = /(?<![\w\-/.])\d{4}-\d{2}-\d{2}(?![\w\-/])/g;
    // A number standing on its own: not joined to a letter, hyphen, slash or dot before it,
    // ending in a digit, and no letter, hyphen or slash after it.
    const numbers = /(?<![\w\-/.,])[−-]?\d[\d.,]*(?<=\d)(?![\w\-/]|[.,]\d)/gu;
    const germanOk = [
      /^[−-]?\d{1,3}(\.\d{3})*(,\d+)?$/u, // 1.234,5
      /^\d{2}\.\d{2}\.\d{4}$/, // 28.11.2026
      /^\d{2}\.\d{2}\.\d{4},$/, // a day before a time
    ];
    const englishOk = [/^[−-]?\d{1,3}(,\d{3})*(\.\d+)?$/u];
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('input, textarea, select, code, kbd, pre, svg, [hidden]'))
        continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const text = node.textContent ?? '';
      const where = () => {
        const cell = element.closest('td, th, dd, li, p, h1, h2, h3, button, label');
        const label = cell?.getAttribute('data-label');
        return `${label ? `${label}: ` : ''}"${text.trim().slice(0, 60)}"`;
      };
      for (const match of text.matchAll(iso)) problems.add(`ISO day ${match[0]} in ${where()}`);
      for (const match of text.replace(iso, ' ').matchAll(numbers)) {
        const token = match[0];
        if (!/[.,]/.test(token)) continue;
        const ok = (language === 'de' ? germanOk : englishOk).some((rule) => rule.test(token));
        if (!ok)
          problems.add(
            `${language === 'de' ? 'a decimal point' : 'a decimal comma'} in ${token} in ${where()}`,
          );
      }
    }
    return [...problems];
  }, language);
}
