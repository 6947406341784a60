// A ScanScreen keeps its top block (the scan field …) and its action bar in view while the
// work scrolls between them; a line a scan just changed can then sit under either. This
// scrolls the screen's scroll container just enough that the element shows in the gap.

/** The nearest ancestor that scrolls vertically (else the document). */
function scrollerOf(element: HTMLElement): HTMLElement {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && at.scrollHeight > at.clientHeight)
      return at;
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/** Scrolls `element` into the gap between the scan screen's sticky top block and action bar. */
export function revealInScanScreen(element: EventTarget | null | undefined): void {
  if (!(element instanceof HTMLElement)) return;
  const screen = element.closest('.kontor-scan-screen');
  const topBlock = screen?.querySelector('.kontor-scan-top');
  // A field of the top block itself only has to come clear of the action bar (scrolling takes
  // the block up until it sticks); anything else shows below the block.
  const top = topBlock && !topBlock.contains(element) ? topBlock.getBoundingClientRect().bottom : 0;
  const bottom =
    screen?.querySelector('.kontor-scan-actions')?.getBoundingClientRect().top ??
    window.innerHeight;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return; // not laid out (hidden): nothing to show
  const margin = 8;
  let delta = 0;
  if (box.bottom > bottom - margin) delta = box.bottom - (bottom - margin);
  // Taller than the gap, or above it: its top edge first.
  if (box.top - delta < top + margin) delta = box.top - (top + margin);
  if (Math.abs(delta) >= 1) scrollerOf(element).scrollBy({ top: delta });
}
