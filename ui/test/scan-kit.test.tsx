import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { getSession, login, logout } from '@kontor/shared-session';
import {
  playedSounds,
  ScanInput,
  ScanScreen,
  ScannerField,
  scanRefusal,
  useRememberedChoice,
  useScanFeedback,
} from '../src';
import { render, toolkitSuite } from './support/toolkit-kit';

// The scanner-screen kit as packing, picking, counting, stock change and avis booking use it:
// the outcome of a scan said once (and heard), the field where it was, Enter as "next", a
// server refusal read per field, and a choice remembered for the user who made it.

toolkitSuite();

/** A screen in small: a scan field, a quantity, and what the last scan did. */
function Screen({ onQuantity }: { onQuantity: (value: string) => void }) {
  const { message, say } = useScanFeedback();
  const [quantity, setQuantity] = useState('');
  return (
    <ScanScreen
      label="Test station"
      steps={[
        { key: 'scan', title: 'Scan' },
        { key: 'count', title: 'Count' },
      ]}
      step="count"
      field={
        <ScannerField
          label="Code"
          onScan={(code) => {
            if (code === 'good') say('ok', `Took ${code}`);
            else say('wrong', `Unknown code ${code}`);
            return code === 'good';
          }}
        />
      }
      message={message}
      next="Type the quantity and press Enter"
      hint="Enter: book"
      actions={<button type="button">Book</button>}
      danger={<button type="button">Cancel the list</button>}
    >
      <ScanInput
        id="quantity"
        label="Quantity"
        value={quantity}
        onChange={setQuantity}
        onEnter={() => onQuantity(quantity)}
      />
    </ScanScreen>
  );
}

test('a scan is said once, sounds right or wrong, and the field stays where it was', async () => {
  const user = userEvent.setup();
  const booked: string[] = [];
  render(<Screen onQuantity={(value) => booked.push(value)} />);
  const field = screen.getByRole('textbox', { name: 'Code' });
  const before = playedSounds.length;
  await user.click(field);
  await user.keyboard('bad{Enter}');
  // The refusal is in the one message slot (an alert), once.
  expect(screen.getByRole('alert')).toHaveTextContent('Unknown code bad');
  expect(screen.getAllByText('Unknown code bad')).toHaveLength(1);
  await user.clear(field);
  await user.keyboard('good{Enter}');
  expect(screen.getByRole('status')).toHaveTextContent('Took good');
  expect(playedSounds.slice(before)).toEqual(['error', 'ok']);
  // The message slot comes after the field, so a message never pushes the field down.
  const slot = document.querySelector('.kontor-scan-message')!;
  expect(field.compareDocumentPosition(slot) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // The current step is marked, the next one spelled out, destructive actions apart.
  expect(screen.getByText('Count').closest('li')).toHaveAttribute('aria-current', 'step');
  expect(screen.getByText(/Type the quantity/)).toBeInTheDocument();
  const danger = screen.getByRole('group', { name: 'Weitere Aktionen' });
  expect(danger).toContainElement(screen.getByRole('button', { name: 'Cancel the list' }));
  expect(danger).not.toContainElement(screen.getByRole('button', { name: 'Book' }));
  // Enter in a typed field is "next": once per Enter.
  await user.click(screen.getByRole('textbox', { name: 'Quantity' }));
  await user.keyboard('12{Enter}');
  expect(booked).toEqual(['12']);
});

test("a server refusal names the screen's fields and says them in one text", () => {
  const refusal = scanRefusal(
    {
      errors: [
        {
          message: 'Invalid input',
          extensions: {
            code: 'BAD_USER_INPUT',
            fieldRules: {
              'input.placeId': [{ rule: 'scope', message: 'The place is outside the scope.' }],
              'lines.0.quantity': [{ rule: 'positive', message: 'Must be positive.' }],
            },
          },
        },
      ],
    },
    { placeId: 'place', quantity: 'quantity' } as Record<string, 'place' | 'quantity'>,
    { scope: 'text' },
  );
  expect(refusal.first).toBe('place');
  expect(Object.keys(refusal.fields)).toEqual(['place', 'quantity']);
  expect(refusal.fields.place).toBe('The place is outside the scope.');
  expect(refusal.text).toContain('The place is outside the scope.');
  // Without fields, the server's reason is the text.
  const reason = scanRefusal(
    { errors: [{ message: 'The picklist was cancelled.', extensions: { code: 'CONFLICT' } }] },
    {},
  );
  expect(reason.fields).toEqual({});
  expect(reason.text).not.toBe('');
});

function Remembered() {
  const [warehouse, remember] = useRememberedChoice('stock.warehouse');
  return (
    <>
      <p>Warehouse: {warehouse ?? 'none'}</p>
      <button type="button" onClick={() => remember('W7')}>
        Remember
      </button>
    </>
  );
}

test('a remembered choice belongs to the user who made it', async () => {
  const user = userEvent.setup();
  const first = render(<Remembered />);
  expect(screen.getByText('Warehouse: none')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remember' }));
  expect(screen.getByText('Warehouse: W7')).toBeInTheDocument();
  first.unmount();
  const admin = getSession().user!.id;

  await act(async () => {
    await logout();
    await login({ email: 'packer@kontor.test', password: 'packer' });
  });
  expect(getSession().user!.id).not.toBe(admin);
  const second = render(<Remembered />);
  expect(screen.getByText('Warehouse: none')).toBeInTheDocument();
  second.unmount();

  await act(async () => {
    await logout();
    await login({ email: 'admin@kontor.test', password: 'admin' });
  });
  render(<Remembered />);
  expect(screen.getByText('Warehouse: W7')).toBeInTheDocument();
});
