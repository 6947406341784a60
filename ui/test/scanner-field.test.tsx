import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { ScannerField } from '../src';

// The scanner field as a hand scanner uses it: a code and Enter, again and again, faster than
// the server answers. Each `onScan` here answers when the test says so (what a slow server does).

/** A promise the test settles. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * A packing station in small: the first scan is an order number (answered later), every scan
 * after it is an EAN of that order. A refused number drops the scans behind it.
 */
function Station({
  answers,
  seen,
}: {
  answers: Array<ReturnType<typeof deferred<boolean>>>;
  seen: string[];
}) {
  const [order, setOrder] = useState<string | null>(null);
  const onScan = order
    ? (ean: string) => {
        seen.push(`${order}:${ean}`);
      }
    : async (number: string) => {
        seen.push(`order ${number}`);
        const found = await answers.shift()!.promise;
        if (!found) return false;
        setOrder(number);
        return true;
      };
  return (
    <>
      <p>{order ? `Order ${order}` : 'Scan an order'}</p>
      <ScannerField label="Scan" onScan={onScan} autoFocus />
    </>
  );
}

test('scans typed while the server answers wait, run in order with the screen as it is then, and the field keeps the focus', async () => {
  const user = userEvent.setup();
  const seen: string[] = [];
  const first = deferred<boolean>();
  render(<Station answers={[first]} seen={seen} />);
  const field = screen.getByRole('textbox', { name: 'Scan' });
  expect(field).toHaveFocus();

  await user.keyboard('B-1{Enter}4001{Enter}4002{Enter}');
  // The order is still being looked up: only it was handed on; the field is empty and focused.
  expect(seen).toEqual(['order B-1']);
  expect(field).toHaveValue('');
  expect(field).toHaveFocus();
  await user.keyboard('40');
  expect(field).toHaveValue('40'); // what the scanner types meanwhile stays in the field

  await act(async () => first.resolve(true));
  expect(screen.getByText('Order B-1')).toBeTruthy();
  // The two EANs went to the order, in the order they were scanned.
  expect(seen).toEqual(['order B-1', 'B-1:4001', 'B-1:4002']);
  expect(field).toHaveFocus();
  await user.keyboard('03{Enter}');
  expect(seen).toEqual(['order B-1', 'B-1:4001', 'B-1:4002', 'B-1:4003']);
  expect(field).toHaveValue('');
});

test('a refused scan comes back into the field, selected, and drops the scans behind it; the next one is handled again', async () => {
  const user = userEvent.setup();
  const seen: string[] = [];
  const refused = deferred<boolean>();
  const found = deferred<boolean>();
  render(<Station answers={[refused, found]} seen={seen} />);
  await user.keyboard('X-9{Enter}4001{Enter}');
  await act(async () => refused.resolve(false));
  expect(seen).toEqual(['order X-9']);
  expect(screen.getByText('Scan an order')).toBeTruthy();
  // The refused number is back in the field, selected: the next scan replaces it.
  const field = screen.getByRole('textbox', { name: 'Scan' });
  expect(field).toHaveValue('X-9');
  expect([
    (field as HTMLInputElement).selectionStart,
    (field as HTMLInputElement).selectionEnd,
  ]).toEqual([0, 3]);

  await user.keyboard('B-2{Enter}');
  await act(async () => found.resolve(true));
  await user.keyboard('4001{Enter}');
  expect(seen).toEqual(['order X-9', 'order B-2', 'B-2:4001']);
});

test('Enter in the empty field is its own action; blanks around a code are dropped', async () => {
  const user = userEvent.setup();
  const scans: string[] = [];
  let empties = 0;
  render(
    <ScannerField
      label="Place"
      onScan={(code) => {
        scans.push(code);
      }}
      onEmpty={() => (empties += 1)}
      autoFocus
    />,
  );
  await user.keyboard('{Enter}  P-01 {Enter}');
  expect(empties).toBe(1);
  expect(scans).toEqual(['P-01']);
});

test('the focus comes back when the answer removed what had it', async () => {
  const user = userEvent.setup();
  const answer = deferred();
  function Screen() {
    const [done, setDone] = useState(false);
    return (
      <>
        {done ? null : <button type="button">Finish</button>}
        <ScannerField
          label="Scan"
          onScan={async () => {
            await answer.promise;
            setDone(true);
          }}
          autoFocus
        />
      </>
    );
  }
  render(<Screen />);
  await user.keyboard('4001{Enter}');
  // The user clicks the button meanwhile; the answer removes it.
  screen.getByRole('button', { name: 'Finish' }).focus();
  await act(async () => answer.resolve());
  expect(screen.getByRole('textbox', { name: 'Scan' })).toHaveFocus();
});
