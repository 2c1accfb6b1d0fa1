import {
  briefTexts,
  consultantPageTexts,
  duration,
  hourlyRate,
  type IntakeQuestion,
  paths,
  questionEditorTexts,
  questionSummary,
  type Service,
  type ServiceBody,
  type ServiceChange,
  serviceFieldLabels,
  serviceMessages,
  servicesNobodyDelivers,
} from '@portal/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { type Column, DataTable, tableCell } from '../../../components/ui/data-table';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { ApiError } from '../../../lib/api-error';
import { useAdminConsultants } from '../api/consultants';
import { useAdminServices } from '../api/get-admin-services';
import { useSchedule } from '../api/get-schedule';
import { useServiceChanges } from '../api/get-service-changes';
import { useSaveService } from '../api/save-service';
import { LatestChanges } from './latest-changes';
import { Moment } from './moment';
import { QuestionsEditor } from './questions-editor';
import { ServiceForm } from './service-form';
import { editable } from './service-form-values';

const serviceColumns: readonly Column[] = [
  { name: 'Service' },
  { name: 'Category' },
  { name: 'Rate' },
  { name: 'Session' },
  { name: 'Status' },
  { name: 'Actions', hidden: true },
];

const listTexts: ListTexts = {
  loading: 'Loading services...',
  failed: serviceMessages.loadFailed,
  empty: 'No services yet.',
};
const scheduleTexts: ListTexts = {
  loading: 'Loading the slot step...',
  failed: 'Failed to load the schedule, which session lengths follow.',
  empty: '',
};

/** What is open: nothing, the new-service form, a service's form, or its intake questions. */
type Editing =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; service: Service }
  | { kind: 'questions'; service: Service };

/** A recorded value as the history shows it. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (field === 'hourly_rate' && typeof value === 'number') return hourlyRate(value);
  if (field === 'duration' && typeof value === 'number') return duration(value);
  if (field === 'active') return value === true ? 'offered' : 'retired';
  if (field === 'questions' && Array.isArray(value)) {
    return value.length === 0 ? '(none)' : (value as IntakeQuestion[]).map(questionSummary).join('; ');
  }
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join('; ');
  return String(value);
}

function fieldLabel(field: string): string {
  if (field === 'questions') return briefTexts.fieldLabel;
  return (serviceFieldLabels as Record<string, string>)[field] ?? field;
}

function ChangeItem({ change }: { change: ServiceChange }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid="service-change">
      <p className="text-sm text-slate-700">
        <Moment at={change.at} /> · {change.actorEmail} ·{' '}
        <span className="font-semibold text-slate-900">
          {change.action === 'created' ? 'created' : 'changed'} {change.serviceName}
        </span>
      </p>
      {change.action !== 'created' && (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {change.fields.map((field) => (
            <li key={field.field}>
              <span className="font-medium">{fieldLabel(field.field)}:</span>{' '}
              {shown(field.field, field.before)} → {shown(field.field, field.after)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ServicesTable({
  services,
  onEdit,
  onQuestions,
  onToggle,
  busy,
  undelivered,
}: {
  services: readonly Service[];
  /** The offered services nobody active delivers (none while the consultants load). */
  undelivered: ReadonlySet<number>;
  onEdit: (service: Service) => void;
  onQuestions: (service: Service) => void;
  onToggle: (service: Service) => void;
  busy: boolean;
}) {
  return (
    <DataTable label="Services table" caption="Services" columns={serviceColumns}>
      {services.map((service) => (
        <tr key={service.id} data-testid="service-row">
          <th scope="row" className={`${tableCell} text-left font-semibold text-slate-900`}>
            <Link to={paths.service(service.id)} className="hover:underline">
              {service.name}
            </Link>
            {undelivered.has(service.id) && (
              <p className="mt-1 text-sm font-normal text-amber-900">
                {consultantPageTexts.nobodyDelivers(service.name)}
              </p>
            )}
          </th>
          <td className={`${tableCell} text-slate-800`}>{service.category}</td>
          <td className={`${tableCell} whitespace-nowrap text-slate-900`}>
            {hourlyRate(service.hourly_rate)}
          </td>
          <td className={`${tableCell} whitespace-nowrap text-slate-900`}>{duration(service.duration)}</td>
          <td className={tableCell}>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                service.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'
              }`}
            >
              {service.active ? 'Offered' : 'Retired'}
            </span>
          </td>
          <td className={`${tableCell} whitespace-nowrap`}>
            <div className="flex gap-2">
              <button
                type="button"
                className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                aria-label={`Edit ${service.name}`}
                onClick={() => onEdit(service)}
              >
                Edit
              </button>
              <button
                type="button"
                className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                aria-label={questionEditorTexts.openLabel(service.name)}
                onClick={() => onQuestions(service)}
              >
                {questionEditorTexts.open}
              </button>
              <button
                type="button"
                className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                aria-label={`${service.active ? 'Retire' : 'Bring back'} ${service.name}`}
                disabled={busy}
                onClick={() => onToggle(service)}
              >
                {service.active ? 'Retire' : 'Bring back'}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * /admin/services: every service (offered and retired) with Edit and Retire / Bring back, the form to create or
 * edit one, and the latest changes (when, who, each field old → new).
 */
export function AdminServices() {
  const services = useAdminServices();
  const consultants = useAdminConsultants();
  const changes = useServiceChanges();
  const schedule = useSchedule();
  const save = useSaveService();
  const { notify } = useNotify();
  const [editing, open] = useState<Editing>({ kind: 'none' });

  /** Saves a record and tells how it went; fails when the server refuses it (the form shows why beside fields). */
  async function saveRecord(record: ServiceBody, id: number | undefined, done: string): Promise<void> {
    try {
      await save.mutateAsync({ id, record });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Error',
        message: error instanceof ApiError ? error.message : serviceMessages.saveFailed,
      });
      throw error;
    }
    notify({ type: 'success', title: 'Saved', message: done });
    open({ kind: 'none' });
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Services</h1>
        {editing.kind === 'none' && (
          <button type="button" className={buttonStyles.primary} onClick={() => open({ kind: 'new' })}>
            <Plus aria-hidden="true" className="size-5" />
            New Service
          </button>
        )}
      </div>
      <p className="mt-2 text-slate-700">
        Retired services leave the services page and cannot be booked; their bookings keep their price.
      </p>

      {editing.kind !== 'none' && (
        <section
          aria-labelledby="service-form-title"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-6"
        >
          <h2 id="service-form-title" className="mb-4 text-xl font-semibold text-slate-900">
            {editing.kind === 'new'
              ? 'New Service'
              : editing.kind === 'questions'
                ? questionEditorTexts.heading(editing.service.name)
                : `Edit ${editing.service.name}`}
          </h2>
          {editing.kind === 'questions' ? (
            <QuestionsEditor
              key={editing.service.id}
              service={editing.service}
              onClose={() => open({ kind: 'none' })}
            />
          ) : (
            /* Session lengths go by the firm's slot step: the form waits for the schedule. */
            <QueryStates query={schedule} texts={scheduleTexts} isEmpty={() => false}>
              {(answer) => (
                <ServiceForm
                  key={editing.kind === 'new' ? 'new' : editing.service.id}
                  service={editing.kind === 'edit' ? editing.service : undefined}
                  schedule={answer.schedule}
                  busy={save.isPending}
                  onCancel={() => open({ kind: 'none' })}
                  onSave={(record) =>
                    editing.kind === 'new'
                      ? saveRecord(record, undefined, serviceMessages.created)
                      : saveRecord(record, editing.service.id, serviceMessages.saved)
                  }
                />
              )}
            </QueryStates>
          )}
        </section>
      )}

      <div className="mt-6">
        <QueryStates query={services} texts={listTexts} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <ServicesTable
              services={list}
              undelivered={
                new Set(
                  consultants.data ? servicesNobodyDelivers(list, consultants.data).map(({ id }) => id) : [],
                )
              }
              busy={save.isPending}
              onEdit={(service) => open({ kind: 'edit', service })}
              onQuestions={(service) => open({ kind: 'questions', service })}
              onToggle={(service) =>
                saveRecord(
                  { ...editable(service), active: !service.active },
                  service.id,
                  service.active ? serviceMessages.retiredDone : serviceMessages.restored,
                  // Told by the notification.
                ).catch(() => undefined)
              }
            />
          )}
        </QueryStates>
      </div>

      <div className="mt-10">
        <LatestChanges query={changes}>
          {(list) => (
            <ol className="space-y-3">
              {list.map((change) => (
                <ChangeItem key={change.id} change={change} />
              ))}
            </ol>
          )}
        </LatestChanges>
      </div>
    </div>
  );
}
