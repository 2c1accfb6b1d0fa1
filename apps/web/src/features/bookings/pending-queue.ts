import {
  type BookingStatus,
  bookingMessages,
  bookingValidationMessage,
  type CreateBookingBody,
  type IsoDate,
} from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-error';
import { submitBooking } from './api/create-booking';
import { cancelBooking } from './api/my-bookings';

// Issue 4 item 7: nothing is lost when the API is unreachable. A booking (or a cancellation) that got no answer
// is kept in localStorage and sent again, with the same Idempotency-Key, until the server answers. The rules of
// that queue are all here; the wizard and My Bookings only call them.

/** The one localStorage key; its value is `{ version: 1, items: PendingItem[] }`. */
export const pendingStorageKey = 'portal.pendingBookings';
const storageVersion = 1;

/** How often to try again while something is waiting (also on mount of My Bookings and on `online`). */
export const resendIntervalMs = 15_000;

/** A booking the server has not answered yet; what is needed to send it again and to show it meanwhile. */
export interface PendingCreate {
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
  savedAt: string;
}

/** A cancellation the server has not answered yet. */
export interface PendingCancel {
  kind: 'cancel';
  bookingId: number;
  savedAt: string;
}

export type PendingItem = PendingCreate | PendingCancel;

export function pendingId(item: PendingItem): string {
  return item.kind === 'create' ? `create:${item.idempotencyKey}` : `cancel:${item.bookingId}`;
}

// ——— Storage ———

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A light check of each stored item: a damaged entry is dropped rather than crashing the page. */
function isPendingItem(value: unknown): value is PendingItem {
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
    typeof value.timeZone === 'string'
  );
}

function parse(raw: string | null): PendingItem[] {
  if (!raw) return [];
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || stored.version !== storageVersion || !Array.isArray(stored.items)) return [];
    return stored.items.filter(isPendingItem);
  } catch {
    return [];
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(pendingStorageKey);
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cachedItems: PendingItem[] = [];

/** What is waiting, oldest first (the same array while storage is unchanged, for `useSyncExternalStore`). */
export function readPending(): PendingItem[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parse(raw);
  }
  return cachedItems;
}

const changeEvent = 'portal:pending-bookings';

/** Writes the list; false when the browser refused (storage full or disabled). */
function write(items: PendingItem[]): boolean {
  try {
    if (items.length === 0) window.localStorage.removeItem(pendingStorageKey);
    else window.localStorage.setItem(pendingStorageKey, JSON.stringify({ version: storageVersion, items }));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(changeEvent));
  return true;
}

/** Keeps an item (replacing one with the same id); false when it could not be stored. */
export function addPending(item: PendingItem): boolean {
  const id = pendingId(item);
  return write([...readPending().filter((other) => pendingId(other) !== id), item]);
}

export function removePending(item: PendingItem): void {
  const id = pendingId(item);
  write(readPending().filter((other) => pendingId(other) !== id));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === pendingStorageKey) onChange();
  };
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onStorage); // another tab
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The waiting items, kept current (this tab and others). */
export function usePendingItems(): PendingItem[] {
  return useSyncExternalStore(subscribe, readPending, () => []);
}

// ——— Rules ———

/**
 * Whether a failure means "the server did not really answer": no answer or a timeout (status 0), a server
 * failure (5xx), 408 or 429. Such a request is kept and sent again; any other answer is final.
 */
export function isUnreachable(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429)
  );
}

/** The reason shown in 'Booking saved locally - API error: {reason}'. */
export function unreachableReason(error: ApiError): string {
  return error.message || bookingMessages.apiUnavailable;
}

/** Why the server refused a booking, in the spec's words for validation errors. */
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
export const locallyCancelledStatus: BookingStatus = 'cancelled';

// ——— Sending again ———

export type ResendOutcome =
  | { item: PendingCreate; result: 'saved' }
  | { item: PendingCreate; result: 'refused'; message: string }
  | { item: PendingCancel; result: 'cancelled' }
  | { item: PendingCancel; result: 'refused'; message: string };

async function resendOne(item: PendingItem): Promise<ResendOutcome | 'unreachable'> {
  try {
    if (item.kind === 'create') await submitBooking(item.body, item.idempotencyKey);
    else await cancelBooking(item.bookingId);
  } catch (error) {
    // 401: the API client sends the user to sign in; the item waits for the next try.
    if (isUnreachable(error) || (error instanceof ApiError && error.status === 401)) return 'unreachable';
    // An answer that is not a booking still means the server took the request (2xx): done.
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) {
      return item.kind === 'create' ? { item, result: 'saved' } : { item, result: 'cancelled' };
    }
    // The first cancellation reached the server but its answer was lost: it is cancelled, which is what we want.
    if (
      item.kind === 'cancel' &&
      error instanceof ApiError &&
      error.status === 409 &&
      error.message === bookingMessages.onlyConfirmedCancellable('cancelled')
    ) {
      return { item, result: 'cancelled' };
    }
    const message =
      error instanceof ApiError
        ? refusalMessage(error)
        : item.kind === 'create'
          ? bookingMessages.createFailed
          : bookingMessages.cancelFailed;
    return { item, result: 'refused', message } as ResendOutcome;
  }
  return item.kind === 'create' ? { item, result: 'saved' } : { item, result: 'cancelled' };
}

let sending: Promise<ResendOutcome[]> | undefined;

async function sendAll(): Promise<ResendOutcome[]> {
  const outcomes: ResendOutcome[] = [];
  // Oldest first; the first one without an answer stops the round (the server is still away).
  for (const item of readPending()) {
    const outcome = await resendOne(item);
    if (outcome === 'unreachable') break;
    removePending(item);
    outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Sends every waiting item again, oldest first, and removes those the server answered (saved or refused).
 * One sender at a time: a try while a round runs (in this tab, or in another one, through a Web Lock) is
 * skipped and returns nothing. Returns what happened, for the caller to tell the user.
 */
export function resendPending(): Promise<ResendOutcome[]> {
  if (sending || readPending().length === 0) return Promise.resolve([]);
  sending = (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return await sendAll();
      const outcomes = await locks.request(pendingStorageKey, { ifAvailable: true }, (lock) =>
        lock ? sendAll() : [],
      );
      return outcomes;
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}
