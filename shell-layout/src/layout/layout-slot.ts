/**
 * One of the page skeleton's areas (`#kontor-menu`, `#kontor-topbar`), created inside
 * `#kontor-app` when the page lacks it, so the shell renders the same in tests and in a bare page.
 */
export function layoutSlot(id: 'kontor-menu' | 'kontor-topbar'): HTMLElement {
  const existing = document.getElementById(id);
  if (existing) return existing;
  const element = document.createElement(id === 'kontor-menu' ? 'nav' : 'header');
  element.id = id;
  (document.getElementById('kontor-app') ?? document.body).prepend(element);
  return element;
}
