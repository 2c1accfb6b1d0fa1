import {
  type Booking,
  type BookingStatus,
  bookingMessages,
  bookingValidationMessage,
  type CreateBookingBody,
  type IsoDate,
  isActiveBookingStatus,
} from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiError, UnexpectedResponseError } from '../../lib/api-error';
import {
  readUnsentRaw,
  subscribeUnsent,
  unsentChangeEvent,
  unsentStorageKey,
} from '../../lib/unsent-bookings-storage';
import { cancelBooking } from './api/cancel-booking';
import { submitBooking } from './api/create-booking';
import { bookingKeys } from './api/query-keys';

// Nothing is lost when the API is unreachable (docs/product.md#unsent-bookings). A booking (or a cancellation)
// that got no answer is kept in localStorage, under the signed-in user, and sent again with the same
// Idempotency-Key until the server answers. The rules of that queue are all here; the wizard, My Bookings and the
// app shell's sender only call them.

const storageVersion = 1;

/** How often to try again while something is waiting (also when the sender starts and on `online`). */
export const resendIntervalMs = 15_000;

/** A booking the server has not answered yet; what is needed to send it again and to show it meanwhile. */
export interface UnsentCreate {
  kind: 'create';
  /** The wizard attempt's key: the resend uses it, so the server never books twice. Also the item's id. */
  idempotencyKey: string;
  body: CreateBookingBody;
  /** For display only (the server snapshots its own prices). */
  service: { name: string; duration: number; hourly_rate: number };
  /** The slot as the wizard showed it: day in the business zone, 'HH:MM - HH:MM', and that zone. */
  date: IsoDate;
  slotLabel: string;
  timeZone: string;
  /** The consultant chosen by name, for display (the body carries their id); absent for 'any'. */
  consultant?: string;
  savedAt: string;
}

/** A cancellation the server has not answered yet. */
export interface UnsentCancel {
  kind: 'cancel';
  bookingId: number;
  savedAt: string;
}

export type UnsentItem = UnsentCreate | UnsentCancel;

function itemId(item: UnsentItem): string {
  return item.kind === 'create' ? `create:${item.idempotencyKey}` : `cancel:${item.bookingId}`;
}

// ——— Storage (one queue per user) ———

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A light check of each stored item: a damaged entry is dropped rather than crashing the page. */
function isUnsentItem(value: unknown): value is UnsentItem {
  if (!isRecord(value) || typeof value.savedAt !== 'string') return false;
  if (value.kind === 'cancel') return typeof value.bookingId === 'number';
  return (
    value.kind === 'create' &&
    typeof value.idempotencyKey === 'string' &&
    isRecord(value.body) &&
    isRecord(value.service) &&
    typeof value.service.name === 'string' &&
    typeof value.date === 'string' &&
    typeof value.slotLabel === 'string' &&
    typeof value.timeZone === 'string' &&
    (value.consultant === undefined || typeof value.consultant === 'string')
  );
}

function parse(raw: string | null): UnsentItem[] {
  if (!raw) return [];
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || stored.version !== storageVersion || !Array.isArray(stored.items)) return [];
    return stored.items.filter(isUnsentItem);
  } catch {
    return [];
  }
}

const noItems: UnsentItem[] = [];
const cache = new Map<string, { raw: string | null; items: UnsentItem[] }>();

/** What waits for `userId`, oldest first (the same array while storage is unchanged, for `useSyncExternalStore`). */
export function readUnsent(userId: string): UnsentItem[] {
  const raw = readUnsentRaw(userId);
  const cached = cache.get(userId);
  if (cached?.raw === raw) return cached.items;
  const items = raw === null ? noItems : parse(raw);
  cache.set(userId, { raw, items });
  return items;
}

/** Writes the queue of `userId`; false when the browser refused (storage full or disabled). */
function write(userId: string, items: UnsentItem[]): boolean {
  try {
    const key = unsentStorageKey(userId);
    if (items.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify({ version: storageVersion, items }));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(unsentChangeEvent));
  return true;
}

/** Keeps an item for `userId` (replacing one with the same id); false when it could not be stored. */
export function addUnsent(userId: string, item: UnsentItem): boolean {
  const id = itemId(item);
  return write(userId, [...readUnsent(userId).filter((other) => itemId(other) !== id), item]);
}

function removeUnsent(userId: string, item: UnsentItem): void {
  const id = itemId(item);
  write(
    userId,
    readUnsent(userId).filter((other) => itemId(other) !== id),
  );
}

/** What waits for `userId` (none when signed out), kept current in this tab and others. */
export function useUnsentItems(userId: string | undefined): UnsentItem[] {
  const read = useCallback(() => (userId === undefined ? noItems : readUnsent(userId)), [userId]);
  return useSyncExternalStore(subscribeUnsent, read, () => noItems);
}

// ——— Rules ———

/**
 * Whether a failure means "the server did not really answer": no answer or a timeout (status 0), a server
 * failure (5xx), 408 or 429. Such a request is kept and sent again; any other answer is final.
 */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429)
  );
}

/** The reason shown in 'Booking saved locally - API error: {reason}'. */
export function unreachableReason(error: ApiError): string {
  return error.message || bookingMessages.apiUnavailable;
}

/** Why the server refused a booking, in the product's words for validation errors (docs/product.md#messages). */
export function refusalMessage(error: ApiError): string {
  if (error.status === 400) {
    return error.errors.length > 0
      ? bookingValidationMessage(error.errors)
      : `${bookingMessages.validationFailed}: ${error.message}`;
  }
  if (error.status === 409 && !error.message) return bookingMessages.slotTaken;
  return error.message;
}

/** The status a booking shows while its cancellation waits. */
const locallyCancelledStatus: BookingStatus = 'cancelled';

/** Whether the server holds, active, the booking an unsent item asks for (the first attempt got through). */
function alreadySaved(bookings: readonly Booking[], item: UnsentCreate): boolean {
  return bookings.some(
    (booking) =>
      booking.service_id === Number(item.body.serviceId) &&
      Date.parse(booking.starts_at) === Date.parse(item.body.startsAt) &&
      isActiveBookingStatus(booking.status),
  );
}

/**
 * The server's bookings with what still waits in this browser: a booking whose cancellation waits shows as
 * cancelled already, and the bookings not yet sent come first, newest first — unless the server has the booking
 * after all, which is then shown alone.
 */
export function withUnsent(bookings: readonly Booking[], items: readonly UnsentItem[]) {
  const cancelsNotSent = new Set(items.flatMap((item) => (item.kind === 'cancel' ? [item.bookingId] : [])));
  const saved = bookings.map((booking) =>
    cancelsNotSent.has(booking.id) ? { ...booking, status: locallyCancelledStatus } : booking,
  );
  const createsNotSent = items
    .filter((item): item is UnsentCreate => item.kind === 'create')
    .filter((item) => !alreadySaved(saved, item))
    .reverse();
  return { bookings: saved, createsNotSent, cancelsNotSent };
}

// ——— Sending again ———

export type ResendOutcome =
  | { item: UnsentCreate; result: 'saved' }
  | { item: UnsentCancel; result: 'cancelled' }
  | { item: UnsentItem; result: 'refused'; message: string };

function done(item: UnsentItem): ResendOutcome {
  return item.kind === 'create' ? { item, result: 'saved' } : { item, result: 'cancelled' };
}

async function resendOne(item: UnsentItem): Promise<ResendOutcome | 'unreachable'> {
  try {
    if (item.kind === 'create') await submitBooking(item.body, item.idempotencyKey);
    else await cancelBooking(item.bookingId);
    return done(item);
  } catch (error) {
    // A 2xx whose body was not a booking still means the server took the request.
    if (error instanceof UnexpectedResponseError) return done(item);
    if (!(error instanceof ApiError)) {
      const message = item.kind === 'create' ? bookingMessages.createFailed : bookingMessages.cancelFailed;
      return { item, result: 'refused', message };
    }
    // 401: the API client sends the user to sign in; the item waits for them (it is theirs, by user id).
    if (isUnreachable(error) || error.status === 401) return 'unreachable';
    // The first cancellation reached the server but its answer was lost: it is cancelled, as wanted.
    if (
      item.kind === 'cancel' &&
      error.status === 409 &&
      error.message === bookingMessages.onlyConfirmedCancellable('cancelled')
    ) {
      return done(item);
    }
    return { item, result: 'refused', message: refusalMessage(error) };
  }
}

/**
 * Makes My Bookings' list show what the server now holds, and waits for it. A list fetch already in flight may
 * have been answered before the resend reached the server; TanStack Query (v5) does not restart a query's
 * *first* fetch on invalidate/refetch (`cancelRefetch` only cancels when the query already has data) — it hands
 * back the running fetch, whose stale answer then wins. So: cancel any running fetch, then fetch afresh, also
 * when My Bookings is not on screen (`type: 'all'`).
 */
export async function refreshBookings(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: bookingKeys.mine });
  await queryClient.invalidateQueries({ queryKey: bookingKeys.all, refetchType: 'none' });
  await queryClient.refetchQueries({ queryKey: bookingKeys.mine, type: 'all' });
}

let sending: Promise<ResendOutcome[]> | undefined;

async function sendAll(userId: string, answered: (outcome: ResendOutcome) => Promise<void>) {
  const outcomes: ResendOutcome[] = [];
  // Oldest first; the first one without an answer stops the round (the server is still away).
  for (const item of readUnsent(userId)) {
    const outcome = await resendOne(item);
    if (outcome === 'unreachable') break;
    try {
      // Before the item goes: the unsent card must give way to the server's booking, not to an old list.
      await answered(outcome);
    } finally {
      removeUnsent(userId, item);
    }
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Sends everything waiting for `userId` again, oldest first. For each answer (saved or refused), awaits
 * `answered` — the caller refreshes the list there — then removes the item. One round at a time: a try while
 * one runs (in this tab, or in another through a Web Lock) is skipped and returns nothing.
 */
export function resendUnsent(
  userId: string,
  answered: (outcome: ResendOutcome) => Promise<void>,
): Promise<ResendOutcome[]> {
  if (sending || readUnsent(userId).length === 0) return Promise.resolve([]);
  sending = (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await sendAll(userId, answered);
      return await locks.request(unsentStorageKey(userId), { ifAvailable: true }, (lock) =>
        lock ? sendAll(userId, answered) : [],
      );
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}
