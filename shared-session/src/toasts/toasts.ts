import { Subject } from 'rxjs';
import type { ToastIntent, ToastMessage } from '../types';

/** docs/product.md §9: toasts stay 5000 ms unless told otherwise. */
export const TOAST_DEFAULT_TIMEOUT = 5000;

const toasts = new Subject<ToastMessage>();
let nextId = 1;

/** Every toast shown on the page; shell-layout renders them bottom-right. */
export const toast$ = toasts.asObservable();

/** Shows a success (green) or error (red) toast; timeout 0 keeps it until closed. */
export function showToast(
  message: string,
  intent: ToastIntent = 'success',
  timeout: number = TOAST_DEFAULT_TIMEOUT,
): void {
  toasts.next({ id: nextId++, message, intent, timeout });
}
