// The loading overlays of docs/product.md §9: the page overlay at boot (white, black spinner 140,
// 'Loading Page...') and the route overlay on every route change (spinner 80).

const R = 45;
const TRACK = `M 50,50 m 0,-${R} a ${R},${R} 0 1 1 0,${R * 2} a ${R},${R} 0 1 1 0,-${R * 2}`;
const PATH_LENGTH = 280;

/** Blueprint's spinner markup, so the overlay needs no React before the shell has loaded. */
export function spinnerMarkup(size: number): string {
  const stroke = Math.min(16, 400 / size);
  const radius = R + stroke / 2;
  const box = `${(50 - radius).toFixed(2)} ${(50 - radius).toFixed(2)} ${(radius * 2).toFixed(2)} ${(radius * 2).toFixed(2)}`;
  return (
    `<div class="bp6-spinner" role="progressbar" aria-label="loading"><div class="bp6-spinner-animation">` +
    `<svg width="${size}" height="${size}" stroke-width="${stroke.toFixed(2)}" viewBox="${box}">` +
    `<path class="bp6-spinner-track" d="${TRACK}"></path>` +
    `<path class="bp6-spinner-head" d="${TRACK}" pathLength="${PATH_LENGTH}" stroke-dasharray="${PATH_LENGTH} ${PATH_LENGTH}" stroke-dashoffset="${PATH_LENGTH * 0.75}"></path>` +
    `</svg></div></div>`
  );
}

function overlayElement(): HTMLElement {
  let element = document.getElementById('kontor-overlay');
  if (!element) {
    element = document.createElement('div');
    element.id = 'kontor-overlay';
    document.body.appendChild(element);
  }
  return element;
}

/** Covers the page while Kontor boots. */
export function showPageOverlay(message: string): void {
  const element = overlayElement();
  element.className = 'kontor-overlay kontor-overlay--page';
  element.innerHTML = `${spinnerMarkup(140)}<p class="kontor-overlay-message">${message}</p>`;
  element.hidden = false;
  element.setAttribute('aria-busy', 'true');
}

/** Covers the content while a route change is checked and its module mounts. */
export function showRouteOverlay(): void {
  const element = overlayElement();
  if (!element.hidden && element.classList.contains('kontor-overlay--page')) return;
  element.className = 'kontor-overlay kontor-overlay--route';
  element.innerHTML = spinnerMarkup(80);
  element.hidden = false;
  element.setAttribute('aria-busy', 'true');
}

/** Removes whichever overlay is showing. */
export function hideOverlay(): void {
  const element = overlayElement();
  element.hidden = true;
  element.removeAttribute('aria-busy');
  element.innerHTML = '';
}
