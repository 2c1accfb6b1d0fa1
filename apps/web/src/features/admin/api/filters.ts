import {
  type AdminStatusFilter,
  adminStatusFilters,
  type DateRange,
  type IsoDate,
  isIsoDate,
} from '@portal/domain';

/** What the admin list and its CSV export are filtered by (dates: the day the booking was made). */
export interface AdminListFilters {
  status: AdminStatusFilter;
  startDate?: IsoDate | undefined;
  endDate?: IsoDate | undefined;
  serviceId?: number | undefined;
  /** One consultant's bookings (retired ones' too). */
  consultantId?: number | undefined;
  /** One booking: the firm's e-mails link to All Bookings opened on it. */
  bookingId?: number | undefined;
  /** One client's bookings (their account id). */
  clientId?: string | undefined;
  /** The bookings made from one client address (as the list shows it). */
  address?: string | undefined;
}

/** One page of the admin list: the filters, the page size and where to start (a cursor the API gave). */
export interface AdminListQuery extends AdminListFilters {
  limit: number;
  cursor?: string | undefined;
}

/** The query string of the admin list and the export: no status for 'all', empty values left out. */
export function adminListSearch(query: AdminListFilters & Partial<AdminListQuery>): URLSearchParams {
  const search = new URLSearchParams();
  if (query.status !== 'all') search.set('status', query.status);
  if (query.startDate) search.set('startDate', query.startDate);
  if (query.endDate) search.set('endDate', query.endDate);
  if (query.serviceId !== undefined) search.set('serviceId', String(query.serviceId));
  if (query.consultantId !== undefined) search.set('consultantId', String(query.consultantId));
  if (query.bookingId !== undefined) search.set('bookingId', String(query.bookingId));
  if (query.clientId) search.set('clientId', query.clientId);
  if (query.address) search.set('address', query.address);
  if (query.limit !== undefined) search.set('limit', String(query.limit));
  if (query.cursor) search.set('cursor', query.cursor);
  return search;
}

export function rangeSearch(range: DateRange): URLSearchParams {
  return new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
}

/** The filters written in a page's URL; anything malformed is ignored rather than sent to the API. */
export function filtersFromSearch(search: URLSearchParams): AdminListFilters {
  const status = search.get('status') ?? 'all';
  const startDate = search.get('startDate') ?? '';
  const endDate = search.get('endDate') ?? '';
  const serviceId = Number(search.get('serviceId') ?? '');
  const consultantId = Number(search.get('consultantId') ?? '');
  const bookingId = Number(search.get('bookingId') ?? '');
  const clientId = search.get('clientId')?.trim() ?? '';
  const address = search.get('address')?.trim() ?? '';
  return {
    status: adminStatusFilters.find((filter) => filter === status) ?? 'all',
    startDate: isIsoDate(startDate) ? startDate : undefined,
    endDate: isIsoDate(endDate) ? endDate : undefined,
    serviceId: Number.isInteger(serviceId) && serviceId > 0 ? serviceId : undefined,
    consultantId: Number.isSafeInteger(consultantId) && consultantId > 0 ? consultantId : undefined,
    bookingId: Number.isSafeInteger(bookingId) && bookingId > 0 ? bookingId : undefined,
    clientId: /^[\w-]{1,200}$/.test(clientId) ? clientId : undefined,
    address: /^[\w.:/%-]{1,100}$/.test(address) ? address : undefined,
  };
}
