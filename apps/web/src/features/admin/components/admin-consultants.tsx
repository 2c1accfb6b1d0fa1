import {
  type AdminConsultant,
  type Booking,
  clockRange,
  paths,
  range,
  type Service,
  servicesNobodyDelivers,
  shortDate,
  consultantPageTexts as texts,
} from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { refusalMessage } from '../../../lib/api-error';
import {
  type ConsultantRecord,
  useAddTimeOff,
  useAdminConsultants,
  useRemoveTimeOff,
  useSaveConsultant,
} from '../api/consultants';
import { useAdminServices } from '../api/get-admin-services';

const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900';
const label = 'block text-sm font-medium text-slate-800';

const emptyRecord: ConsultantRecord = { name: '', email: '', title: '', bio: '', serviceIds: [] };

function recordOf(consultant: AdminConsultant): ConsultantRecord {
  return {
    name: consultant.name,
    email: consultant.email,
    title: consultant.title,
    bio: consultant.bio,
    serviceIds: consultant.service_ids,
  };
}

/** Add or edit: name, email, title, bio and the services they deliver. Hours are left as they are. */
function ConsultantForm({
  editing,
  services,
  onDone,
}: {
  editing: AdminConsultant | undefined;
  services: readonly Service[];
  onDone: () => void;
}) {
  const [record, setRecord] = useState<ConsultantRecord>(editing ? recordOf(editing) : emptyRecord);
  const save = useSaveConsultant();
  const [problem, setProblem] = useState<string>();
  const set = (field: 'name' | 'email' | 'title' | 'bio', value: string) =>
    setRecord({ ...record, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    try {
      await save.mutateAsync({ id: editing?.id, record });
      setRecord(emptyRecord);
      onDone();
    } catch (error) {
      setProblem(refusalMessage(error, texts.saveFailed));
    }
  }

  const heading = editing ? texts.editHeading(editing.name) : texts.addHeading;
  return (
    <form
      onSubmit={submit}
      aria-label={heading}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
      {problem && <FormMessage type="error">{problem}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-2">
        {(['name', 'email', 'title'] as const).map((field) => (
          <label key={field} className={label}>
            {texts.fields[field]}
            <input
              className={input}
              type={field === 'email' ? 'email' : 'text'}
              required={field !== 'title'}
              value={record[field]}
              onChange={(event) => set(field, event.target.value)}
            />
          </label>
        ))}
      </div>
      <label className={label}>
        {texts.fields.bio}
        <textarea
          className={input}
          rows={2}
          value={record.bio}
          onChange={(event) => set('bio', event.target.value)}
        />
      </label>
      <fieldset>
        <legend className={label}>{texts.fields.services}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {services.map((service) => (
            <label key={service.id} className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                checked={record.serviceIds.includes(service.id)}
                onChange={(event) =>
                  setRecord({
                    ...record,
                    serviceIds: event.target.checked
                      ? [...record.serviceIds, service.id]
                      : record.serviceIds.filter((id) => id !== service.id),
                  })
                }
              />
              {service.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-3">
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {texts.save}
        </button>
        {editing && (
          <button type="button" className={buttonStyles.secondary} onClick={onDone}>
            {texts.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** ', 9 AM - 10 AM': a booking's hours, after its date. */
function slotOf(booking: Booking): string {
  const slot = booking.time_slots[0];
  return slot ? `, ${clockRange(slot.start_time, slot.end_time)}` : '';
}

/** A consultant's time off ahead, each with Remove, and a form to add more. */
function TimeOffPanel({ consultant }: { consultant: AdminConsultant }) {
  const add = useAddTimeOff();
  const remove = useRemoveTimeOff();
  const [draft, setDraft] = useState({ startDate: '', endDate: '', reason: '' });
  const [problem, setProblem] = useState<string>();
  // The bookings of theirs on the days just taken off: kept, for the firm to move (until the next addition).
  const [affected, setAffected] = useState<Booking[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(undefined);
    setAffected([]);
    try {
      const added = await add.mutateAsync({ id: consultant.id, ...draft });
      setAffected(added.affectedBookings);
      setDraft({ startDate: '', endDate: '', reason: '' });
    } catch (error) {
      setProblem(refusalMessage(error, texts.timeOffFailed));
    }
  }

  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold text-slate-900">{texts.timeOffHeading}</h3>
      {consultant.time_off.length === 0 ? (
        <p className="text-sm text-slate-600">{texts.noTimeOff}</p>
      ) : (
        <ul className="text-sm text-slate-700">
          {consultant.time_off.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3">
              <span>
                {entry.startDate === entry.endDate
                  ? shortDate(entry.startDate)
                  : range(shortDate(entry.startDate), shortDate(entry.endDate))}
                : {entry.reason}
              </span>
              <button
                type="button"
                className="text-blue-800 underline"
                onClick={() => remove.mutate({ id: consultant.id, timeOffId: entry.id })}
              >
                {texts.removeTimeOff}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && <FormMessage type="error">{problem}</FormMessage>}
      {affected.length > 0 && (
        <div
          role="status"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900"
        >
          <p>{texts.affectedHeading(affected.length)}</p>
          <ul className="mt-1 list-disc pl-5">
            {affected.map((booking) => (
              <li key={booking.id}>
                <Link to={paths.booking(booking.id)} className="text-blue-800 underline">
                  {booking.confirmation_code}
                </Link>{' '}
                {shortDate(booking.booking_date)}
                {slotOf(booking)} · {booking.services.name} · {booking.user_profiles.email}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        onSubmit={submit}
        aria-label={`${texts.addTimeOff}: ${consultant.name}`}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        {(['startDate', 'endDate', 'reason'] as const).map((field) => (
          <label key={field} className="text-sm text-slate-800">
            {texts.timeOffFields[field]}
            <input
              className={input}
              type={field === 'reason' ? 'text' : 'date'}
              required
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          </label>
        ))}
        <button type="submit" className={buttonStyles.secondary} disabled={add.isPending}>
          {texts.addTimeOff}
        </button>
      </form>
    </div>
  );
}

/** The offered services nobody active delivers: they offer no slots until someone does. */
function Undelivered({ services }: { services: readonly Service[] }) {
  if (services.length === 0) return null;
  return (
    <ul aria-label="Services without a consultant" className="space-y-1">
      {services.map((service) => (
        <li
          key={service.id}
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
        >
          {texts.nobodyDelivers(service.name)}
        </li>
      ))}
    </ul>
  );
}

/** /admin/consultants: every consultant (retired ones too), their services and time off; add, edit, retire. */
export function AdminConsultants() {
  const consultants = useAdminConsultants();
  const services = useAdminServices();
  const save = useSaveConsultant();
  const [editing, setEditing] = useState<AdminConsultant>();
  const serviceName = (id: number) => services.data?.find((service) => service.id === id)?.name ?? `#${id}`;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{texts.heading}</h1>
      {consultants.data && services.data && (
        <Undelivered services={servicesNobodyDelivers(services.data, consultants.data)} />
      )}
      {consultants.isPending ? (
        <p role="status">{texts.loading}</p>
      ) : consultants.isError ? (
        <FormMessage type="error">{texts.failed}</FormMessage>
      ) : consultants.data.length === 0 ? (
        <p>{texts.empty}</p>
      ) : (
        <ul className="space-y-4">
          {consultants.data.map((consultant) => (
            <li
              key={consultant.id}
              aria-label={consultant.name}
              className="rounded-2xl border border-slate-200 bg-white p-6"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="text-lg font-semibold text-slate-900">
                    {consultant.name}
                    {!consultant.active && (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {texts.retired}
                      </span>
                    )}
                  </h2>
                  {consultant.title && <p className="text-slate-700">{consultant.title}</p>}
                  <p className="text-sm text-slate-600">{consultant.email}</p>
                  <p className="text-sm text-slate-700">
                    {consultant.service_ids.length === 0
                      ? texts.noServices
                      : consultant.service_ids.map(serviceName).join(', ')}
                    {' · '}
                    {consultant.weekly_hours === null ? texts.firmHours : texts.ownHours}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    onClick={() => setEditing(consultant)}
                  >
                    {texts.edit}
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.secondary}
                    onClick={() =>
                      save.mutate({
                        id: consultant.id,
                        record: { ...recordOf(consultant), active: !consultant.active },
                      })
                    }
                  >
                    {consultant.active ? texts.retire : texts.bringBack}
                  </button>
                </div>
              </div>
              <TimeOffPanel consultant={consultant} />
            </li>
          ))}
        </ul>
      )}
      <ConsultantForm
        key={editing?.id ?? 'new'}
        editing={editing}
        services={services.data ?? []}
        onDone={() => setEditing(undefined)}
      />
    </div>
  );
}
