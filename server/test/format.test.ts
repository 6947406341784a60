import { formatterFor, isTimeZone, msg, wordMessage } from '@kontor/contracts';

// The one formatter (docs/design.md "Words, numbers and dates"): each language one form of a
// day, a time, a number and money, in the installation's time zone.

const de = formatterFor('de');
const en = formatterFor('en');

describe('the formatter', () => {
  it('writes a calendar day as it is, padded, in each language', () => {
    expect(de.date('2025-12-03')).toBe('03.12.2025');
    expect(en.date('2025-12-03')).toBe('03/12/2025');
    // A bare day never moves with the zone.
    expect(formatterFor('de', 'Pacific/Kiritimati').date('2026-11-28')).toBe('28.11.2026');
  });

  it('writes a moment in the installation time zone, to the minute', () => {
    const moment = '2026-11-28T05:40:30Z';
    expect(de.dateTime(moment)).toBe('28.11.2026, 06:40');
    expect(en.dateTime(moment)).toBe('28/11/2026, 06:40');
    expect(de.time(moment)).toBe('06:40');
    expect(de.date('2026-11-28T23:30:00Z')).toBe('29.11.2026');
    expect(formatterFor('de', 'UTC').date('2026-11-28T23:30:00Z')).toBe('28.11.2026');
    expect(de.dayOf('2026-11-28T23:30:00Z')).toBe('2026-11-29');
  });

  it('writes numbers with the language marks and a real minus', () => {
    expect(de.number(1234.5)).toBe('1.234,5');
    expect(en.number(1234.5)).toBe('1,234.5');
    expect(de.number(-3)).toBe('\u22123');
    expect(de.signed(-10)).toBe('\u221210');
    expect(de.signed(3)).toBe('+3');
    expect(de.signed(0)).toBe('0');
    expect(de.decimal(3.8, 2)).toBe('3,80');
    expect(en.decimal(3.8, 2)).toBe('3.80');
  });

  it('writes money in the language, in English too', () => {
    expect(de.money(1234.5)).toBe('1.234,50\u00a0€');
    expect(en.money(1234.5)).toBe('€1,234.50');
    expect(de.cents(-2016)).toBe('\u221220,16\u00a0€');
  });

  it('writes CSV numbers without grouping, with the language decimal mark', () => {
    expect(de.csvNumber(1234.5, 2)).toBe('1234,50');
    expect(en.csvNumber(1234.5, 2)).toBe('1234.50');
    expect(de.csvNumber(-12.5)).toBe('-12,5');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wording a message', () => {
  it('words a catalogue key in each language, and an unknown one by its stored text', () => {
    expect(wordMessage(msg('record.stale'), de)).toMatch(/^Jemand anderes/);
    expect(wordMessage(msg('record.stale'), en)).toMatch(/^Someone else/);
    expect(wordMessage({ key: 'gone.key', text: 'Stored before.' }, de)).toBe('Stored before.');
    expect(wordMessage({ key: 'gone.key' }, de)).toBe('gone.key');
  });
});

test('a chart axis day has no year', () => {
  expect(de.dayMonth('2026-11-28')).toBe('28.11.');
  expect(en.dayMonth('2026-11-28')).toBe('28/11');
});
