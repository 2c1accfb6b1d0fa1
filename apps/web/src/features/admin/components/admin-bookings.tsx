import {
  adminErasureTexts,
  adminMessages,
  apiPaths,
  bookingMessages,
  type CancelPendingBody,
  count,
  defaultAdminPageSize,
  isRangeOrdered,
  range,
} from '@portal/domain';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { type AdminListFilters, adminListSearch, filtersFromSearch } from '../api/filters';
import { useAdminBookings } from '../api/get-admin-bookings';
import { BookingFilters } from './booking-filters';
import { BookingsTable } from './bookings-table';
import { CancelPendingDialog } from './cancel-pending-dialog';
import { EraseClientDialog } from './erase-client-dialog';

const small = 'px-4 py-2 text-sm';
const unavailable = 'disabled:cursor-not-allowed disabled:opacity-60';
const dangerOutline =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-700 bg-white font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700';

const listTexts: ListTexts = {
  loading: 'Loading bookings...',
  failed: bookingMessages.loadFailed,
  empty: 'No bookings match these filters.',
};

/** Whose bookings the list is narrowed to, if anyone's: one client, or one client address. */
function holderOf(filters: AdminListFilters): CancelPendingBody | undefined {
  if (filters.clientId) return { clientId: filters.clientId };
  if (filters.address) return { address: filters.address };
  return undefined;
}

/**
 * The list narrowed to one client or one address: says whose, offers every booking again, and, while the holder has
 * pending bookings, cancels them all after asking (docs/product.md#administration). The count is the holder's
 * pending bookings whatever the other filters say, as the action cancels them.
 */
function HolderBanner({
  filters,
  holder,
  clientEmail,
  onShowAll,
}: {
  filters: AdminListFilters;
  holder: CancelPendingBody;
  clientEmail: string | undefined;
  onShowAll: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [erasing, setErasing] = useState(false);
  const holds = useAdminBookings({
    status: 'pending',
    clientId: filters.clientId,
    address: holder.clientId === undefined ? filters.address : undefined,
    limit: 1,
  });
  const count = holds.data?.total ?? 0;
  return (
    <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4">
      <p className="text-sm text-blue-950">
        {holder.clientId !== undefined
          ? adminMessages.showingClient(clientEmail ?? holder.clientId)
          : adminMessages.showingAddress(holder.address ?? '')}
      </p>
      <div className="flex flex-wrap gap-3">
        {count > 0 && (
          <button
            type="button"
            onClick={() => setAsking(true)}
            className={`${buttonStyles.primary} ${small}`}
          >
            {adminMessages.cancelPendingButton(count)}
          </button>
        )}
        {/* An erased client's bookings show no address: there is nobody left to erase. */}
        {holder.clientId !== undefined && clientEmail && (
          <button type="button" onClick={() => setErasing(true)} className={`${dangerOutline} ${small}`}>
            {adminErasureTexts.open}
          </button>
        )}
        <button type="button" onClick={onShowAll} className={`${buttonStyles.secondary} ${small}`}>
          Show All Bookings
        </button>
      </div>
      {asking && <CancelPendingDialog holder={holder} count={count} onClose={() => setAsking(false)} />}
      {erasing && holder.clientId !== undefined && (
        <EraseClientDialog
          userId={holder.clientId}
          client={clientEmail ?? holder.clientId}
          onClose={() => setErasing(false)}
        />
      )}
    </div>
  );
}

/**
 * /admin/bookings: every booking, newest first, filtered by status, the days booked and service (kept in the URL,
 * so a reload keeps them), paged with the API's cursor, each with its status dropdown; the filtered list can be
 * exported as CSV. `?bookingId=` (the firm's e-mails link there) opens it on that one booking; `?clientId=` and
 * `?address=` on one client's or one client address's bookings, whose pending holds can be cancelled at once.
 */
export function AdminBookings() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const filtersKey = adminListSearch(filters).toString();
  // The cursors of the pages after the first one, so Previous can go back; a change of filters starts over.
  const [paging, setPaging] = useState<{ filtersKey: string; cursors: string[] }>({
    filtersKey,
    cursors: [],
  });
  const cursors = paging.filtersKey === filtersKey ? paging.cursors : [];
  const rangeValid = isRangeOrdered(filters);
  const holder = holderOf(filters);
  const list = useAdminBookings(
    { ...filters, limit: defaultAdminPageSize, cursor: cursors.at(-1) },
    { enabled: rangeValid },
  );
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  function changeFilters(next: AdminListFilters) {
    setSearch(adminListSearch(next), { replace: true });
  }

  function turnPage(next: string[]) {
    setPaging({ filtersKey, cursors: next });
    resultsHeading.current?.focus();
  }

  const exportQuery = adminListSearch(filters).toString();
  const exportHref = exportQuery ? `${apiPaths.admin.export}?${exportQuery}` : apiPaths.admin.export;
  const first = cursors.length * defaultAdminPageSize + 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">All Bookings</h1>
          <p className="mt-2 text-slate-700">
            Every booking, newest first. Dates are the days the bookings were made.
          </p>
        </div>
        <a href={exportHref} download className={`${buttonStyles.secondary} ${small}`}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>

      {filters.bookingId !== undefined && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4">
          <p className="text-sm text-blue-950">Showing one booking: the one your email links to.</p>
          <button
            type="button"
            onClick={() => changeFilters({ ...filters, bookingId: undefined })}
            className={`${buttonStyles.secondary} ${small}`}
          >
            Show All Bookings
          </button>
        </div>
      )}

      {holder && (
        <HolderBanner
          filters={filters}
          holder={holder}
          clientEmail={filters.clientId ? list.data?.bookings[0]?.user_profiles.email : undefined}
          onShowAll={() => changeFilters({ ...filters, clientId: undefined, address: undefined })}
        />
      )}

      <div className="mt-6">
        <BookingFilters
          filters={filters}
          onChange={changeFilters}
          rangeError={rangeValid ? undefined : adminMessages.toBeforeFrom}
        />
      </div>

      <section aria-labelledby="booking-results" className="mt-6">
        <h2 id="booking-results" ref={resultsHeading} tabIndex={-1} className="sr-only">
          Bookings
        </h2>
        {rangeValid && (
          <QueryStates query={list} texts={listTexts} isEmpty={(answer) => answer.total === 0}>
            {(page) => (
              <>
                <p role="status" className="mb-3 text-sm text-slate-700">
                  {list.isPlaceholderData
                    ? 'Loading bookings...'
                    : `Showing ${range(count(first), count(first + page.bookings.length - 1))} of ${count(page.total)}`}
                </p>
                <BookingsTable bookings={page.bookings} caption="Bookings" detailed />
                <nav aria-label="Pages" className="mt-4 flex justify-between gap-3">
                  <button
                    type="button"
                    disabled={cursors.length === 0 || list.isPlaceholderData}
                    onClick={() => turnPage(cursors.slice(0, -1))}
                    className={`${buttonStyles.secondary} ${small} ${unavailable}`}
                  >
                    <ChevronLeft aria-hidden="true" className="size-4" />
                    Previous
                  </button>
                  <button
                    type="button"
                    disabled={!page.nextCursor || list.isPlaceholderData}
                    onClick={() => page.nextCursor && turnPage([...cursors, page.nextCursor])}
                    className={`${buttonStyles.secondary} ${small} ${unavailable}`}
                  >
                    Next
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </button>
                </nav>
              </>
            )}
          </QueryStates>
        )}
      </section>
    </div>
  );
}
