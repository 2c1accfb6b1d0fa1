import { lazy, Suspense, useSyncExternalStore } from 'react';
import { readUnsentRaw, subscribeUnsent } from '../../lib/unsent-bookings-storage';
import { useAccount } from '../../lib/use-session';

// The queue's code (rules, schemas, notifications) is fetched only when something waits: the first load of
// every page carries just this check, and the home page's first load has a budget (docs/product.md#limits).
const UnsentResender = lazy(() => import('./unsent-resender'));

/**
 * Mounted once in the app shell: while someone is signed in and bookings or cancellations of theirs wait in
 * this browser, sends them again (on any page, not only My Bookings).
 */
export function UnsentSender() {
  const userId = useAccount().session?.user.id;
  const waiting = useSyncExternalStore(
    subscribeUnsent,
    () => userId !== undefined && readUnsentRaw(userId) !== null,
    () => false,
  );
  if (!waiting || userId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <UnsentResender key={userId} userId={userId} />
    </Suspense>
  );
}
