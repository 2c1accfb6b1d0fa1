import { type AdminStatusFilter, adminStatusFilters, type IsoDate, statusLabels } from '@portal/domain';
import { type ReactNode, useId } from 'react';
import { Select } from '../../../components/ui/select';
import { useAdminConsultants } from '../api/consultants';
import type { AdminListFilters } from '../api/filters';
import { useServiceChoices } from '../api/get-services';

const control =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-blue-700';

const statusFilterLabels: Record<AdminStatusFilter, string> = { all: 'All statuses', ...statusLabels };

/** One filter: its label, then its control. */
function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The admin list's filters: status, the days the bookings were made (from/to), service and consultant. */
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
  const consultants = useAdminConsultants();
  const set = (change: Partial<AdminListFilters>) => onChange({ ...filters, ...change });
  const errorId = `${id}-range-error`;
  // The two ends of the range; each keeps the other end as its limit.
  const dates: readonly {
    id: string;
    label: string;
    value: IsoDate | undefined;
    limits: { min?: IsoDate | undefined; max?: IsoDate | undefined };
    change: (value: IsoDate | undefined) => Partial<AdminListFilters>;
  }[] = [
    {
      id: `${id}-from`,
      label: 'Booked from',
      value: filters.startDate,
      limits: { max: filters.endDate },
      change: (startDate) => ({ startDate }),
    },
    {
      id: `${id}-to`,
      label: 'Booked to',
      value: filters.endDate,
      limits: { min: filters.startDate },
      change: (endDate) => ({ endDate }),
    },
  ];
  return (
    <form
      aria-label="Filter bookings"
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <Filter id={`${id}-status`} label="Status">
        <Select
          id={`${id}-status`}
          value={filters.status}
          options={adminStatusFilters}
          labels={statusFilterLabels}
          onChange={(event) =>
            set({ status: adminStatusFilters.find((status) => status === event.target.value) ?? 'all' })
          }
          className={control}
        />
      </Filter>
      {dates.map((date) => (
        <Filter key={date.id} id={date.id} label={date.label}>
          <input
            id={date.id}
            type="date"
            value={date.value ?? ''}
            {...date.limits}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? errorId : undefined}
            onChange={(event) => set(date.change(event.target.value || undefined))}
            className={control}
          />
        </Filter>
      ))}
      <Filter id={`${id}-service`} label="Service">
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
      </Filter>
      <Filter id={`${id}-consultant`} label="Consultant">
        <select
          id={`${id}-consultant`}
          value={filters.consultantId === undefined ? '' : String(filters.consultantId)}
          onChange={(event) =>
            set({ consultantId: event.target.value ? Number(event.target.value) : undefined })
          }
          className={control}
        >
          <option value="">All consultants</option>
          {/* A consultant named in the URL stays selectable until the list has loaded. */}
          {filters.consultantId !== undefined &&
            !consultants.data?.some((consultant) => consultant.id === filters.consultantId) && (
              <option value={String(filters.consultantId)}>Consultant #{filters.consultantId}</option>
            )}
          {consultants.data?.map((consultant) => (
            <option key={consultant.id} value={String(consultant.id)}>
              {consultant.active ? consultant.name : `${consultant.name} (Retired)`}
            </option>
          ))}
        </select>
      </Filter>
      {rangeError && (
        <p id={errorId} role="alert" className="text-sm text-red-700 sm:col-span-2 lg:col-span-5">
          {rangeError}
        </p>
      )}
    </form>
  );
}
