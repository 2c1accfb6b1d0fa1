import {
  type ClosureRecord,
  closureBodySchema,
  paths,
  range,
  scheduleMessages,
  shortDate,
} from '@portal/domain';
import { Link } from 'react-router';
import { z } from 'zod';
import { InputField } from '../../../components/form/form-fields';
import { SchemaForm, SubmitButton } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { type ListTexts, QueryStates } from '../../../components/ui/query-states';
import { useAddClosure } from '../api/add-closure';
import { useClosures } from '../api/get-closures';
import { useRemoveClosure } from '../api/remove-closure';
import { bookingLine } from './booking-lines';

const closureTexts: ListTexts = {
  loading: 'Loading closed dates...',
  failed: 'Failed to load the closed dates.',
  empty: 'No closed dates.',
};

/** What the form holds: the dates as picked (no last date: one day), and the reason. */
type ClosureDraft = Omit<ClosureRecord, 'id'>;

const noClosure: ClosureDraft = { startDate: '', endDate: '', reason: '' };

/** The domain's closure rules, with an empty last date read as the first (a closure of one day). */
const closureFormSchema = z
  .object({ startDate: z.string(), endDate: z.string(), reason: z.string() })
  .transform((draft) => ({ ...draft, endDate: draft.endDate || draft.startDate }))
  .pipe(closureBodySchema);

function dates(startDate: string, endDate: string): string {
  return startDate === endDate ? shortDate(startDate) : range(shortDate(startDate), shortDate(endDate));
}

/**
 * Closed dates: add a date or a range with its reason (checked by the domain's closure rules first; the server names
 * the field of any problem only it can see), open them again, and under each the active bookings on its dates, each
 * linked to its page for the firm to move or cancel it (read with the closures, so they are there after a reload
 * too). Closing tells each booking's client by email; the notification says how many were told.
 */
export function ClosuresPanel() {
  const closures = useClosures();
  const add = useAddClosure();
  const remove = useRemoveClosure();
  const { notify } = useNotify();
  const form = useSchemaForm(closureFormSchema, { defaultValues: noClosure });

  async function close(closure: ClosureDraft): Promise<undefined> {
    const answer = await add.mutateAsync(closure);
    form.reset(noClosure);
    const count = answer.affectedBookings.length;
    const told = answer.clientsTold > 0 ? ` ${scheduleMessages.clientsTold(answer.clientsTold)}` : '';
    notify({
      type: 'success',
      title: 'Saved',
      message:
        count === 0
          ? scheduleMessages.closureAdded
          : `${scheduleMessages.closureAdded}: ${scheduleMessages.bookingsFall(count)} on them, listed below.${told}`,
    });
  }

  /** Said by a notification; the fields it names show it too. */
  function refused(error: unknown): undefined {
    notify({
      type: 'error',
      title: 'Error',
      message: error instanceof Error ? error.message : String(error),
    });
  }

  return (
    <section aria-labelledby="closures-heading" className="space-y-4">
      <h2 id="closures-heading" className="text-xl font-semibold text-slate-900">
        Closed dates
      </h2>
      {/* Never a notice at its top: the grid holds only the fields and the button. */}
      <SchemaForm
        form={form}
        onSubmit={close}
        onFailure={refused}
        className="grid gap-4 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
      >
        <InputField form={form} name="startDate" label="First closed date" type="date" required />
        <InputField
          form={form}
          name="endDate"
          label="Last closed date"
          type="date"
          hint="Leave empty for one day"
        />
        <InputField form={form} name="reason" label="Reason" required placeholder="Holiday, time off..." />
        <SubmitButton form={form} label="Close Dates" busy="Closing..." />
      </SchemaForm>
      <QueryStates query={closures} texts={closureTexts} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="closures">
            {list.map((closure) => (
              <li key={closure.id} className="space-y-2 px-4 py-3" data-testid="closure">
                <div className="flex items-center justify-between gap-4">
                  <span>
                    <span className="font-semibold text-slate-900">
                      {dates(closure.startDate, closure.endDate)}
                    </span>
                    <span className="text-slate-700">{` · ${closure.reason}`}</span>
                  </span>
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} px-3 py-1.5 text-sm`}
                    // Begins with the visible word, then says which closure (the dates open again once it is removed).
                    aria-label={`Remove the closure of ${dates(closure.startDate, closure.endDate)}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(closure.id, {
                        onError: (error) => notify({ type: 'error', title: 'Error', message: error.message }),
                      })
                    }
                  >
                    Remove
                  </button>
                </div>
                {closure.affectedBookings.length > 0 && (
                  <FormMessage type="info">
                    <p className="font-semibold">{`${scheduleMessages.bookingsFall(closure.affectedBookings.length)} on these dates:`}</p>
                    <p className="mt-1">{scheduleMessages.affectedBookingsNote}</p>
                    {/* Each links to its page, where the administrator moves it (Move to Another Time). */}
                    <ul className="mt-2 list-disc pl-5" data-testid="affected-bookings">
                      {closure.affectedBookings.map((booking) => (
                        <li key={booking.id}>
                          <Link to={paths.booking(booking.id)} className="font-semibold underline">
                            {bookingLine(booking)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                    <Link to={paths.adminBookings} className="mt-2 inline-block underline">
                      {scheduleMessages.allBookingsLink}
                    </Link>
                  </FormMessage>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
