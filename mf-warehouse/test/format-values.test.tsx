import { changeLanguage } from '@kontor/shared-session';
import { act } from '@testing-library/react';
import { dateTime, day, number, signed } from '../src/avis/common';

// The ledger, the inventory and the avis screens word their values through Kontor's one
// formatter (docs/design.md "Words, numbers and dates"): times in the installation's time zone
// (Europe/Berlin), not the browser's; a best-before as the language writes a day, never ISO.

afterEach(() => act(() => changeLanguage('de')));

test('a booking’s time in the ledger is Berlin time, wherever the browser is', async () => {
  // The test runs in UTC (or wherever the machine is): 06:40 is Berlin's time.
  expect(dateTime('2026-11-28T05:40:00Z')).toBe('28.11.2026, 06:40');
  await act(() => changeLanguage('en'));
  expect(dateTime('2026-11-28T05:40:00Z')).toBe('28/11/2026, 06:40');
});

test('a best-before day and numbers in the language', async () => {
  expect(day('2028-06-30')).toBe('30.06.2028');
  expect(day(null)).toBe('');
  expect(number(1234)).toBe('1.234');
  expect(signed(-2)).toBe('\u22122');
  await act(() => changeLanguage('en'));
  expect(day('2028-06-30')).toBe('30/06/2028');
  expect(number(1234)).toBe('1,234');
});
