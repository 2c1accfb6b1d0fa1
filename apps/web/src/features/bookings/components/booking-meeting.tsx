import {
  type Booking,
  maxLocationLength,
  type SetLocationBody,
  type SetLocationRequest,
  setLocationBodySchema,
  meetingTexts as texts,
} from '@portal/domain';
import { ExternalLink, MapPin, Video } from 'lucide-react';
import { useId } from 'react';
import { InputField } from '../../../components/form/form-fields';
import { type Notice, SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useAccount } from '../../../lib/use-session';
import { useSetLocation } from '../api/set-location';

/** A refusal the field did not take, in the server's words or the product's; a lost session says nothing. */
function refused(failure: unknown, placed: boolean): Notice | undefined {
  if (placed || (failure instanceof ApiError && failure.status === 401)) return undefined;
  return { type: 'error', text: refusalMessage(failure, texts.locationFailed) };
}

/** The room: Join the meeting (a new tab), with the URL itself beneath, to copy or read out. */
function Room({ url }: { url: string }) {
  const hintId = useId();
  return (
    <div className="mt-3">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={hintId}
        className={`${buttonStyles.primary} px-4 py-2 text-sm`}
      >
        <Video aria-hidden="true" className="size-4" />
        {texts.join}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
      <p className="mt-2 font-mono text-sm break-all text-slate-900" data-testid="meeting-url">
        {url}
      </p>
      <p id={hintId} className="mt-1 text-sm text-slate-700">
        {texts.joinHint}
      </p>
    </div>
  );
}

/**
 * An administrator sets where the firm meets the client instead of the room (an office address, a phone number),
 * or brings the room back. The server tells the client by email with a calendar update.
 */
function LocationControl({ booking }: { booking: Booking }) {
  const change = useSetLocation(booking.id);
  const form = useSchemaForm<SetLocationBody, SetLocationRequest>(setLocationBodySchema, {
    defaultValues: { location: booking.location ?? '' },
  });

  async function save({ location }: SetLocationRequest): Promise<Notice> {
    const saved = await change.mutateAsync({ location });
    form.reset({ location: saved.location ?? '' });
    return { type: 'success', text: texts.locationSet };
  }

  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      <SchemaForm
        form={form}
        onSubmit={save}
        onFailure={refused}
        submit={{ label: texts.saveLocation, busy: texts.savingLocation }}
        busy={change.isPending}
        className="space-y-3"
      >
        <InputField
          form={form}
          name="location"
          label={texts.locationLabel}
          hint={texts.locationHint}
          maxLength={maxLocationLength}
        />
      </SchemaForm>
      {booking.location !== null && (
        <div className="mt-3">
          <BusyButton
            type="button"
            busy={change.isPending}
            busyLabel={texts.clearingLocation}
            className={`${buttonStyles.secondary} px-4 py-2 text-sm`}
            onClick={() =>
              change.mutate({ location: null }, { onSuccess: () => form.reset({ location: '' }) })
            }
          >
            {texts.clearLocation}
          </BusyButton>
        </div>
      )}
      {/* Bringing the room back is no form of its own: what it ended with is said here. */}
      {change.variables?.location === null && (change.isSuccess || change.isError) && (
        <div className="mt-3">
          <FormMessage type={change.isSuccess ? 'success' : 'error'}>
            {change.isSuccess ? texts.locationCleared : refusalMessage(change.error, texts.locationFailed)}
          </FormMessage>
        </div>
      )}
    </div>
  );
}

/**
 * Where the consultation happens (docs/product.md#where-the-meeting-happens), on the booking's page: once it is
 * confirmed, Join the meeting with its room's URL, or the location the firm set; while it is pending, that the link
 * comes with the confirmation. An administrator sets or clears the location of a confirmed booking here.
 */
export function BookingMeeting({ booking }: { booking: Booking }) {
  const { isAdmin } = useAccount();
  const headingId = useId();
  if (booking.status === 'pending') {
    return (
      <p className="mt-6 text-sm text-slate-700" data-testid="meeting-pending">
        {texts.pendingHint}
      </p>
    );
  }
  if (booking.status !== 'confirmed') return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-xl border border-blue-200 bg-blue-50 p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {texts.placeHeading}
      </h2>
      {booking.meeting_url !== null && <Room url={booking.meeting_url} />}
      {booking.location !== null && (
        <dl className="mt-3">
          <dt className="flex items-center gap-2 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="size-4" />
            {texts.where}
          </dt>
          <dd className="mt-1 font-semibold break-words text-slate-900" data-testid="meeting-location">
            {booking.location}
          </dd>
        </dl>
      )}
      {isAdmin && <LocationControl booking={booking} />}
    </section>
  );
}
