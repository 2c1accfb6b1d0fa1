// Where the bookings and cancellations not yet sent live in this browser (docs/product.md#unsent-bookings). Only
// the part every page needs: the app shell asks "is anything waiting for this user?" and sign-out forgets it all.
// The queue's rules are in features/bookings/unsent-queue.ts, loaded only when something waits or a booking page
// needs them.

/**
 * One localStorage key per signed-in user → `{ version, items }`. The stored name keeps its first spelling
 * ('pending'): renaming it would strand what browsers already hold, unsent and never forgotten on sign-out.
 */
const keyPrefix = 'portal.pendingBookings:';

export function unsentStorageKey(userId: string): string {
  return `${keyPrefix}${userId}`;
}

/** Fired in this tab whenever the queue is written (the `storage` event covers other tabs). */
export const unsentChangeEvent = 'portal:unsent-bookings';

/** The stored queue of `userId`, as text; null when nothing waits or storage is unavailable. */
export function readUnsentRaw(userId: string): string | null {
  try {
    return window.localStorage.getItem(unsentStorageKey(userId));
  } catch {
    return null;
  }
}

/** Calls `onChange` when a queue may have changed (in this tab, or in another through `storage`). */
export function subscribeUnsent(onChange: () => void): () => void {
  window.addEventListener(unsentChangeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(unsentChangeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Sign-out forgets every queue kept in this browser: what the last user left unsent must not be sent, nor
 * shown, for whoever signs in next on this computer.
 */
export function forgetUnsent(): void {
  try {
    for (let index = window.localStorage.length - 1; index >= 0; index--) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(keyPrefix)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept either.
  }
  window.dispatchEvent(new Event(unsentChangeEvent));
}
