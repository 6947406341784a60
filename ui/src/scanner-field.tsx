import { InputGroup, Intent, type IconName } from '@blueprintjs/core';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MutableRefObject,
  type Ref,
} from 'react';

/**
 * What a scan did: `false` is a refusal — the code comes back into the field, selected (the
 * next scan replaces it), and the scans queued behind it are dropped (a refused order number:
 * the EANs scanned after it belonged to that order); anything else lets the next one run.
 */
export type ScanResult = void | boolean;

export type ScannerFieldProps = {
  /** The field's name, for a screen reader (and a `<label for>` of a FormGroup around it). */
  label: string;
  /** One scanned code, trimmed, never empty. While its promise runs, further scans wait. */
  onScan: (code: string) => ScanResult | Promise<ScanResult>;
  /** Enter in the empty field (e.g. "next place"). */
  onEmpty?: () => void;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  large?: boolean;
  leftIcon?: IconName;
  intent?: Intent;
  type?: 'text' | 'search';
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
};

/**
 * The field a hand scanner types into (a scanner is a keyboard that types the code and presses
 * Enter): Enter hands the code to `onScan` and clears the field for the next one. It is
 * uncontrolled, so a render under way never overwrites what the scanner types meanwhile; it is
 * never disabled and keeps the focus while the server answers; codes scanned faster than the
 * server answers wait in a queue and run one after the other, in order, each with the `onScan`
 * of the screen as it is by then (the order shown, the step moved on).
 */
export function ScannerField({
  label,
  onScan,
  onEmpty,
  id,
  inputRef,
  large = true,
  leftIcon,
  intent = Intent.NONE,
  type = 'text',
  placeholder,
  autoFocus,
  className,
}: ScannerFieldProps) {
  const element = useRef<HTMLInputElement | null>(null);
  const latest = useRef(onScan);
  latest.current = onScan;
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  // Bumped when a scan's promise settles: the next queued scan runs after that render.
  const [settled, setSettled] = useState(0);

  const run = useCallback((code: string) => {
    /** A refused code back in the field (unless the scanner typed on), selected. */
    const refused = () => {
      queue.current = [];
      const input = element.current;
      if (!input || input.value !== '') return;
      input.value = code;
      if (document.activeElement === input) input.select();
    };
    let result: ScanResult | Promise<ScanResult>;
    try {
      result = latest.current(code);
    } catch (error) {
      queue.current = [];
      throw error;
    }
    if (!(result instanceof Promise)) {
      if (result === false) refused();
      // More waited: the next one after the render that shows this one.
      else if (queue.current.length > 0) setSettled((n) => n + 1);
      return;
    }
    running.current = true;
    void result
      .then(
        (outcome) => {
          if (outcome === false) refused();
        },
        () => {
          queue.current = [];
        },
      )
      .finally(() => {
        running.current = false;
        setSettled((n) => n + 1);
      });
  }, []);

  // After the render that shows a scan's outcome: the focus back if that render took it away
  // (the element that had it is gone), then the next code that waited.
  useLayoutEffect(() => {
    if (settled === 0 || running.current) return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) element.current?.focus();
    const next = queue.current.shift();
    if (next !== undefined) run(next);
  }, [settled, run]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const input = event.currentTarget;
    const code = input.value.trim();
    input.value = '';
    if (!code) {
      if (!running.current && queue.current.length === 0) onEmpty?.();
      return;
    }
    if (running.current || queue.current.length > 0) queue.current.push(code);
    else run(code);
  };

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      element.current = node;
      if (typeof inputRef === 'function') inputRef(node);
      else if (inputRef) (inputRef as MutableRefObject<HTMLInputElement | null>).current = node;
    },
    [inputRef],
  );

  return (
    <InputGroup
      id={id}
      inputRef={setRefs}
      className={className}
      large={large}
      type={type}
      defaultValue=""
      autoComplete="off"
      spellCheck={false}
      autoFocus={autoFocus}
      leftIcon={leftIcon}
      intent={intent}
      placeholder={placeholder}
      aria-label={label}
      onKeyDown={onKeyDown}
    />
  );
}
