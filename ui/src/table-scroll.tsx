import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** How a table shows: as a table, or each row a card (`cards`). */
export type TableLayout = 'table' | 'cards';

/**
 * Whether a table whose natural width is `natural` shows as cards in an area `available`
 * wide: only when it would have to scroll sideways (a pixel of rounding aside).
 */
export function layoutFor(natural: number, available: number): TableLayout {
  return natural > available + 1 ? 'cards' : 'table';
}

/**
 * Whether a table shown as cards must be measured again as a table: only when its area has
 * grown to the width the table needed when it last was one. Narrower, it stays cards without
 * a measurement (a card list is taller, the page may get a scroll bar and the area narrows a
 * little: that must not switch back and forth).
 */
export function mayFitAgain(available: number, remembered: number): boolean {
  return available >= remembered;
}

/** The text of each column's header (the header's last row; a cell spanning n columns counts n times). */
function columnTitles(table: HTMLTableElement): string[] {
  const header = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!header) return [];
  return [...header.cells].flatMap((cell) =>
    Array.from({ length: cell.colSpan }, () => (cell.textContent ?? '').trim()),
  );
}

/** Gives an element a role, unless it has one. */
function roleOf(element: Element, role: string): void {
  if (!element.hasAttribute('role')) element.setAttribute('role', role);
}

/**
 * A table shown as cards keeps a table for a screen reader: the roles its elements lose
 * with `display: block` in some browsers are set on them, and a cell the page did not label
 * (`data-label`) gets its column's title.
 */
function keepTable(table: HTMLTableElement): void {
  roleOf(table, 'table');
  const titles = columnTitles(table);
  for (const group of [table.tHead, ...table.tBodies, table.tFoot])
    if (group) roleOf(group, 'rowgroup');
  for (const row of table.rows) {
    roleOf(row, 'row');
    let column = 0;
    for (const cell of row.cells) {
      const inHead = row.parentElement === table.tHead;
      roleOf(cell, inHead ? 'columnheader' : cell.tagName === 'TH' ? 'rowheader' : 'cell');
      const title = titles[column];
      if (!inHead && !cell.hasAttribute('data-label') && cell.colSpan === 1 && title)
        cell.setAttribute('data-label', title);
      column += cell.colSpan;
    }
  }
}

/**
 * A table's own area. A table that fits shows as a table; one wider than its area (a phone's,
 * a tablet's beside the menu) shows each row as a card (`data-layout="cards"`, toolkit.css):
 * the cells marked `data-key-column` first and large, the others as their `data-label` and
 * value in a compact grid, the row actions (`td.kontor-row-actions`) at the card's foot. So a
 * list's key numbers are in sight without scrolling sideways, and neither the page nor the
 * content area ever scrolls sideways.
 *
 * How: the area watches its width (a ResizeObserver on a zero-height line inside it, so the
 * switch itself, which changes the area's height, reports nothing) and its table's content
 * (a MutationObserver: rows loaded, another page). As a table it reads the table's natural
 * width and decides — before the browser paints, so nothing flickers. As cards it remembers
 * the width the table needed and measures again (as a table, unpainted) only once the area is
 * that wide: no switching back and forth, and the content area's scroll position is kept.
 *
 * `layout="scroll"` keeps a table a table (a grid whose columns are the point: a mapping,
 * a booking): it scrolls sideways in here, with a shadow at the edge that hides more.
 * The area takes the keyboard's focus (arrow keys scroll it) and is named by `label`.
 */
export function TableScroll({
  label,
  className,
  layout = 'auto',
  children,
}: {
  label: string;
  className?: string;
  /** `scroll`: always a table, scrolling sideways when wider than the area. */
  layout?: 'auto' | 'scroll';
  children: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    element.dataset.layout = 'table';
    if (layout === 'scroll') return;
    // The table's natural width when it last showed as a table.
    let remembered = 0;
    const fit = () => {
      const table = element.querySelector<HTMLTableElement>(':scope > table');
      const available = element.clientWidth;
      if (!table || available === 0) return; // not shown (a closed tab): nothing to measure
      if (element.dataset.layout === 'cards' && !mayFitAgain(available, remembered)) {
        keepTable(table); // rows loaded since: labelled too
        return;
      }
      // As a table for the measurement; the browser paints only the decision.
      element.dataset.layout = 'table';
      const natural = table.offsetWidth;
      const next = layoutFor(natural, available);
      if (next === 'cards') {
        remembered = natural;
        keepTable(table);
      }
      element.dataset.layout = next;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return; // jsdom
    const resized = new ResizeObserver(fit);
    if (line.current) resized.observe(line.current);
    const changed = new MutationObserver(fit);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [layout]);
  return (
    <div
      ref={area}
      className={className ? `kontor-table-scroll ${className}` : 'kontor-table-scroll'}
      data-layout="table"
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {layout === 'scroll' ? null : (
        <div ref={line} className="kontor-table-width" aria-hidden="true" />
      )}
      {children}
    </div>
  );
}
