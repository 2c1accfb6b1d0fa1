import { type AdminStatusFilter, adminStatusFilters, isBookingStatus } from '@portal/domain';
import { useId } from 'react';
import { statusLabels } from '../../../lib/booking-format';
import type { AdminListFilters } from '../api/filters';
import { useServiceChoices } from '../api/get-services';

const control =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700';
const label = 'text-sm font-medium text-slate-800';

function statusLabel(status: AdminStatusFilter): string {
  return isBookingStatus(status) ? statusLabels[status] : 'All statuses';
}

/** The admin list's filters: status, the days the bookings were made (from/to), and service. */
export function BookingFilters({
  filters,
  onChange,
  rangeError,
}: {
  filters: AdminListFilters;
  onChange: (filters: AdminListFilters) => void;
  /** Shown under the dates when the range cannot be asked for. */
  rangeError?: string | undefined;
}) {
  const id = useId();
  const services = useServiceChoices();
  const set = (change: Partial<AdminListFilters>) => onChange({ ...filters, ...change });
  const errorId = `${id}-range-error`;
  return (
    <form
      aria-label="Filter bookings"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div>
        <label htmlFor={`${id}-status`} className={label}>
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) =>
            set({
              status: adminStatusFilters.find((status) => status === event.target.value) ?? 'all',
            })
          }
          className={control}
        >
          {adminStatusFilters.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={label}>
          Booked from
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.startDate ?? ''}
          max={filters.endDate}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? errorId : undefined}
          onChange={(event) => set({ startDate: event.target.value || undefined })}
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={label}>
          Booked to
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.endDate ?? ''}
          min={filters.startDate}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? errorId : undefined}
          onChange={(event) => set({ endDate: event.target.value || undefined })}
          className={control}
        />
      </div>
      <div>
        <label htmlFor={`${id}-service`} className={label}>
          Service
        </label>
        <select
          id={`${id}-service`}
          value={filters.serviceId === undefined ? '' : String(filters.serviceId)}
          onChange={(event) =>
            set({ serviceId: event.target.value ? Number(event.target.value) : undefined })
          }
          className={control}
        >
          <option value="">All services</option>
          {/* A service named in the URL stays selectable until the list has loaded. */}
          {filters.serviceId !== undefined &&
            !services.data?.some((service) => service.id === filters.serviceId) && (
              <option value={String(filters.serviceId)}>Service #{filters.serviceId}</option>
            )}
          {services.data?.map((service) => (
            <option key={service.id} value={String(service.id)}>
              {service.name}
            </option>
          ))}
        </select>
      </div>
      {rangeError && (
        <p id={errorId} role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-4">
          {rangeError}
        </p>
      )}
    </form>
  );
}
