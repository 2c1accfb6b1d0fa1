import { lazy, Suspense, useSyncExternalStore } from 'react';
import { readPendingRaw, subscribePending } from '../../lib/pending-bookings-storage';
import { useAuth } from '../../lib/use-session';

// The queue's code (rules, schemas, notifications) is fetched only when something waits: the first load of
// every page carries just this check (decision 010, the first-load budget).
const PendingResender = lazy(() => import('./pending-resender'));

/**
 * Mounted once in the app shell: while someone is signed in and bookings or cancellations of theirs wait in
 * this browser, sends them again (on any page, not only My Bookings).
 */
export function PendingSender() {
  const userId = useAuth().session?.user.id;
  const waiting = useSyncExternalStore(
    subscribePending,
    () => userId !== undefined && readPendingRaw(userId) !== null,
    () => false,
  );
  if (!waiting || userId === undefined) return null;
  return (
    <Suspense fallback={null}>
      <PendingResender key={userId} userId={userId} />
    </Suspense>
  );
}
