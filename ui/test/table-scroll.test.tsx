import { act, render, screen, within } from '@testing-library/react';
import { layoutFor, mayFitAgain, TableScroll } from '../src/table-scroll';

// jsdom lays nothing out: the area's width and the table's natural width are set here, and
// the ResizeObserver is a stand-in the test calls when it "resizes the window".

let areaWidth = 0;
let tableWidth = 0;
/** How often the table's width was read (a measurement). */
let measured = 0;
const observers: (() => void)[] = [];

beforeAll(() => {
  jest.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('kontor-table-scroll') ? areaWidth : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.tagName !== 'TABLE') return 0;
    measured += 1;
    // As cards the table is as wide as its area; as a table its natural width, at least that.
    const area = this.parentElement!;
    return area.dataset.layout === 'cards' ? areaWidth : Math.max(tableWidth, areaWidth);
  });
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
    constructor(private readonly callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  };
});

afterAll(() => {
  jest.restoreAllMocks();
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
});

beforeEach(() => {
  observers.length = 0;
  measured = 0;
});

/** The window changes width: the area is `width` wide now. */
function resize(width: number) {
  areaWidth = width;
  act(() => observers.forEach((callback) => callback()));
}

function Orders({ layout }: { layout?: 'auto' | 'scroll' }) {
  return (
    <TableScroll label="Bestellungen" layout={layout}>
      <table aria-label="Bestellungen">
        <thead>
          <tr>
            <th data-key-column>Nummer</th>
            <th>Kunde</th>
            <th data-key-column>Summe</th>
            <th className="kontor-row-actions">Aktionen</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td data-key-column>K-2026-000001</td>
            <td>Erika Mustermann</td>
            <td data-label="Summe" data-key-column>
              120,00 €
            </td>
            <td className="kontor-row-actions">
              <button type="button">Bearbeiten</button>
            </td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A list of customers by name. */
function Customers({ names }: { names: string[] }) {
  return (
    <TableScroll label="Kunden">
      <table>
        <thead>
          <tr>
            <th>Name</th>
          </tr>
        </thead>
        <tbody>
          {names.map((name) => (
            <tr key={name}>
              <td>{name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const area = () => screen.getByRole('region', { name: 'Bestellungen' });

describe('the choice between a table and cards', () => {
  test('a table wider than its area shows as cards; one that fits (a pixel of rounding aside) as a table', () => {
    expect(layoutFor(900, 390)).toBe('cards');
    expect(layoutFor(900, 820)).toBe('cards');
    expect(layoutFor(700, 820)).toBe('table');
    expect(layoutFor(821, 820)).toBe('table');
  });

  test('cards are measured again only once the area is as wide as the table was', () => {
    expect(mayFitAgain(880, 900)).toBe(false);
    expect(mayFitAgain(900, 900)).toBe(true);
    expect(mayFitAgain(1200, 900)).toBe(true);
  });
});

describe('TableScroll', () => {
  test('on a phone a wide table shows as cards, its cells labelled by their column and kept a table for screen readers', () => {
    areaWidth = 390;
    tableWidth = 900;
    render(<Orders />);
    expect(area()).toHaveAttribute('data-layout', 'cards');
    const table = within(area()).getByRole('table', { name: 'Bestellungen' });
    const cells = within(table).getAllByRole('cell');
    // A cell the page did not label gets its column's title; a labelled one keeps its own.
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      'Nummer',
      'Kunde',
      'Summe',
      'Aktionen',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
  });

  test('a table that fits stays a table', () => {
    areaWidth = 1200;
    tableWidth = 900;
    render(<Orders />);
    expect(area()).toHaveAttribute('data-layout', 'table');
  });

  test('the window widening turns cards back into a table, and narrowing into cards, without switching back and forth in between', () => {
    areaWidth = 820;
    tableWidth = 900;
    render(<Orders />);
    expect(area()).toHaveAttribute('data-layout', 'cards');

    // Narrower than the table was (a scroll bar came with the taller cards): not even measured.
    measured = 0;
    resize(805);
    resize(880);
    expect(area()).toHaveAttribute('data-layout', 'cards');
    expect(measured).toBe(0);

    resize(1000);
    expect(area()).toHaveAttribute('data-layout', 'table');
    resize(1000);
    expect(area()).toHaveAttribute('data-layout', 'table');
    resize(850);
    expect(area()).toHaveAttribute('data-layout', 'cards');
  });

  test('cards as wide as the table was are measured again: a table that has grown meanwhile stays cards', () => {
    areaWidth = 390;
    tableWidth = 900;
    render(<Orders />);
    tableWidth = 1300; // longer names on another page
    resize(1000);
    expect(area()).toHaveAttribute('data-layout', 'cards');
    resize(1300);
    expect(area()).toHaveAttribute('data-layout', 'table');
  });

  test('rows arriving that make the table too wide turn it into cards, the new cells labelled', async () => {
    areaWidth = 820;
    tableWidth = 0;
    const { rerender } = render(<Customers names={[]} />);
    const kunden = screen.getByRole('region', { name: 'Kunden' });
    expect(kunden).toHaveAttribute('data-layout', 'table');
    tableWidth = 1100;
    await act(async () => rerender(<Customers names={['Großhandel Nord', 'Baumarkt Süd']} />));
    expect(kunden).toHaveAttribute('data-layout', 'cards');
    expect(within(kunden).getByText('Baumarkt Süd')).toHaveAttribute('data-label', 'Name');
  });

  test('layout="scroll" keeps a table a table in any width', () => {
    areaWidth = 390;
    tableWidth = 900;
    render(<Orders layout="scroll" />);
    expect(area()).toHaveAttribute('data-layout', 'table');
    expect(area()).toHaveAttribute('tabindex', '0');
  });

  test('a table not shown (its area 0 px wide, in a closed tab) is left as it is until it shows', () => {
    areaWidth = 0;
    tableWidth = 900;
    render(<Orders />);
    expect(area()).toHaveAttribute('data-layout', 'table');
    resize(390);
    expect(area()).toHaveAttribute('data-layout', 'cards');
  });
});
