// Where the bookings and cancellations kept in this browser live (issue 4 item 7, decision 010). Only the part
// every page needs: the app shell asks "is anything waiting for this user?" and sign-out forgets it all. The
// queue's rules are in features/bookings/pending-queue.ts, loaded only when something waits or a booking page needs them.

/** One localStorage key per signed-in user: `portal.pendingBookings:{userId}` → `{ version, items }`. */
const keyPrefix = 'portal.pendingBookings:';

export function pendingStorageKey(userId: string): string {
  return `${keyPrefix}${userId}`;
}

/** Fired in this tab whenever the queue is written (the `storage` event covers other tabs). */
export const pendingChangeEvent = 'portal:pending-bookings';

/** The stored queue of `userId`, as text; null when nothing waits or storage is unavailable. */
export function readPendingRaw(userId: string): string | null {
  try {
    return window.localStorage.getItem(pendingStorageKey(userId));
  } catch {
    return null;
  }
}

/** Calls `onChange` when a queue may have changed (in this tab, or in another through `storage`). */
export function subscribePending(onChange: () => void): () => void {
  window.addEventListener(pendingChangeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(pendingChangeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Sign-out forgets every queue kept in this browser: what the last user left unsent must not be sent, nor
 * shown, for whoever signs in next on this computer.
 */
export function forgetPending(): void {
  try {
    for (let index = window.localStorage.length - 1; index >= 0; index--) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(keyPrefix)) window.localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept either.
  }
  window.dispatchEvent(new Event(pendingChangeEvent));
}
