import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useFocusRequest } from '../src';

// A counting screen in small: the server's answer shows "counted" and sends the cursor back to
// the product field. The key a scanner sends once that message shows must land there.

function Counting({ answer }: { answer: Promise<void> }) {
  const product = useRef<HTMLInputElement>(null);
  const quantity = useRef<HTMLInputElement>(null);
  const lot = useRef<HTMLInputElement>(null);
  const [counted, setCounted] = useState(false);
  const [lotShown, setLotShown] = useState(false);
  const refs = { product, quantity, lot };
  const focusOn = useFocusRequest<'product' | 'quantity' | 'lot'>(
    'quantity',
    (name) => refs[name].current,
  );
  return (
    <>
      <input ref={product} aria-label="Product" />
      <input ref={quantity} aria-label="Quantity" defaultValue="8" />
      {lotShown ? <input ref={lot} aria-label="Lot" defaultValue="L1" /> : null}
      <button
        onClick={() => {
          void answer.then(() => {
            setCounted(true);
            focusOn('product');
          });
        }}
      >
        Save
      </button>
      <button onClick={() => focusOn('lot')}>Ask for the lot</button>
      <button onClick={() => setLotShown(true)}>Show the lot</button>
      {counted ? <p role="status">8 × A counted</p> : null}
    </>
  );
}

test('the first field has the focus, its text selected for the next scan to replace', () => {
  render(<Counting answer={new Promise(() => {})} />);
  const quantity = screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
  expect(quantity).toHaveFocus();
  expect([quantity.selectionStart, quantity.selectionEnd]).toEqual([0, 1]);
});

test('the focus has moved when the message that sent it there appears, not a moment later', async () => {
  let answered!: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  render(<Counting answer={answer} />);
  act(() => screen.getByRole('button', { name: 'Save' }).click());
  screen.getByRole('textbox', { name: 'Quantity' }).focus();

  // What has the focus at the moment the message is in the page (a key sent then goes there).
  const focusedWhenShown = new Promise<string | null>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!screen.queryByRole('status')) return;
      observer.disconnect();
      resolve(document.activeElement?.getAttribute('aria-label') ?? null);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  // React's own scheduling, as in the browser (act() would run every effect at once).
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    answered();
    expect(await focusedWhenShown).toBe('Product');
  } finally {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
});

test('a request for a field not shown yet waits for it', async () => {
  render(<Counting answer={new Promise(() => {})} />);
  act(() => screen.getByRole('button', { name: 'Ask for the lot' }).click());
  expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveFocus();
  act(() => screen.getByRole('button', { name: 'Show the lot' }).click());
  expect(screen.getByRole('textbox', { name: 'Lot' })).toHaveFocus();
});
