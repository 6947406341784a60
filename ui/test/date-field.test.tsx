import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { changeLanguage } from '@kontor/shared-session';
import { useState } from 'react';
import {
  DateField,
  FormActions,
  KontorForm,
  parseDay,
  rules,
  ScanInput,
  useKontorForm,
} from '../src';

// Kontor's one date field (docs/design.md "Words, numbers and dates"): typed in Kontor's
// language — TT.MM.JJJJ in German, DD/MM/YYYY in English, never the browser's — or as a hand
// scanner sends it (digits and Enter), picked from the calendar by keyboard; the form and the
// server get YYYY-MM-DD.

afterEach(() => act(() => changeLanguage('de')));

/** A form with one date field; `saved` gets what the form sends. */
function DayForm({ initial, saved }: { initial: string; saved: (day: string) => void }) {
  const form = useKontorForm({
    initial: { day: initial },
    rules: { day: rules.day() },
    save: async (values) => saved(values.day),
  });
  return (
    <KontorForm form={form}>
      <DateField name="day" label="Lieferdatum" />
      <FormActions />
    </KontorForm>
  );
}

test('parseDay reads the day first, with dots, slashes, digits only or ISO', () => {
  expect(parseDay('30.06.2028')).toBe('2028-06-30');
  expect(parseDay('30/06/2028')).toBe('2028-06-30');
  expect(parseDay('1.2.26')).toBe('2026-02-01');
  expect(parseDay('30062028')).toBe('2028-06-30');
  expect(parseDay('300628')).toBe('2028-06-30');
  expect(parseDay('2028-06-30')).toBe('2028-06-30');
  expect(parseDay('')).toBe('');
  expect(parseDay('31.02.2028')).toBeNull();
  expect(parseDay('06/30/2028')).toBeNull();
  expect(parseDay('morgen')).toBeNull();
});

test('German: the form’s day shows as 30.06.2028, a typed TT.MM.JJJJ is sent as YYYY-MM-DD', async () => {
  const user = userEvent.setup();
  const saved = jest.fn();
  render(<DayForm initial="2028-06-30" saved={saved} />);
  const field = screen.getByLabelText(/^Lieferdatum/);
  expect(field).toHaveValue('30.06.2028');
  expect(field).toHaveAttribute('type', 'text');
  expect(field).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await user.clear(field);
  await user.type(field, '1.7.2028');
  await user.tab();
  // Shown in the language's form once left.
  expect(field).toHaveValue('01.07.2028');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(saved).toHaveBeenCalledWith('2028-07-01'));
});

test('English: DD/MM/YYYY, whatever the browser speaks; the value stays ISO', async () => {
  await act(() => changeLanguage('en'));
  const user = userEvent.setup();
  const saved = jest.fn();
  render(<DayForm initial="2028-06-30" saved={saved} />);
  const field = screen.getByLabelText(/^Lieferdatum/);
  expect(field).toHaveValue('30/06/2028');
  expect(field).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await user.clear(field);
  await user.type(field, '02/07/2028');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(saved).toHaveBeenCalledWith('2028-07-02'));
  // Switching the language re-shows the day.
  await act(() => changeLanguage('de'));
  expect(field).toHaveValue('02.07.2028');
});

test('text that is no day is refused with the language’s pattern, never sent', async () => {
  const user = userEvent.setup();
  const saved = jest.fn();
  render(<DayForm initial="" saved={saved} />);
  const field = screen.getByLabelText(/^Lieferdatum/);
  await user.type(field, '31.02.2028');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Kein gültiges Datum (TT.MM.JJJJ)')).toBeInTheDocument();
  expect(saved).not.toHaveBeenCalled();
  expect(field).toHaveFocus();
});

/** A scanner screen's best-before field: its value as the screen holds it, Enter as "next". */
function ScanDay({ entered }: { entered: (day: string) => void }) {
  const [day, setDay] = useState('');
  return (
    <ScanInput
      id="count-bestBefore"
      label="MHD"
      type="date"
      value={day}
      onChange={setDay}
      onEnter={() => entered(day)}
    />
  );
}

test('a hand scanner types digits and Enter: the screen gets the day as YYYY-MM-DD', async () => {
  const user = userEvent.setup();
  const entered = jest.fn();
  render(<ScanDay entered={entered} />);
  const field = screen.getByLabelText('MHD');
  await user.type(field, '30062028{Enter}');
  expect(entered).toHaveBeenCalledWith('2028-06-30');
  expect(field).toHaveValue('30.06.2028');
});

test('the calendar: opened from the field, arrow keys move, Enter takes the day', async () => {
  const user = userEvent.setup();
  const saved = jest.fn();
  render(<DayForm initial="2028-06-30" saved={saved} />);
  const field = screen.getByLabelText(/^Lieferdatum/);
  // Its button opens it; Escape closes it.
  await user.click(screen.getByRole('button', { name: 'Kalender öffnen' }));
  expect(await screen.findByRole('grid', { name: 'Juni 2028' })).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('grid')).not.toBeInTheDocument());
  // Alt+↓ in the field opens it too, with the focus on the chosen day.
  await user.click(field);
  fireEvent.keyDown(field, { key: 'ArrowDown', altKey: true });
  const calendar = await screen.findByRole('grid', { name: 'Juni 2028' });
  await waitFor(() =>
    expect(within(calendar).getByRole('button', { name: '30.06.2028' })).toHaveFocus(),
  );
  await user.keyboard('{ArrowRight}');
  expect(await screen.findByRole('grid', { name: 'Juli 2028' })).toBeInTheDocument();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(field).toHaveValue('01.07.2028'));
  await waitFor(() => expect(field).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(saved).toHaveBeenCalledWith('2028-07-01'));
});
