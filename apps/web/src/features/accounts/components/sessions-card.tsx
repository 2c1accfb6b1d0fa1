import {
  describeUserAgent,
  type ListedSession,
  moment,
  runtimeTimeZone,
  sessionMessages,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { useNotify } from '../../../components/notifications/use-notify';
import { BusyButton } from '../../../components/ui/busy-button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { ApiError, refusalMessage } from '../../../lib/api-error';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/list-sessions';

/** What a session shows of its browser: 'Firefox 128 on Windows'. */
function deviceName(session: ListedSession): string {
  const { browser, system } = describeUserAgent(session.user_agent);
  return `${browser} on ${system}`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}:</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** One session: its browser and system, address, sign-in and last request; 'End' unless it is this device. */
function SessionItem({ session }: { session: ListedSession }) {
  const end = useEndSession();
  const { notify } = useNotify();
  const zone = runtimeTimeZone();
  const name = deviceName(session);

  function confirm() {
    end.mutate(session.id, {
      onSuccess: () => notify({ type: 'success', title: 'Session Ended', message: sessionMessages.ended }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        notify({
          type: 'error',
          title: 'Not Ended',
          message: refusalMessage(error, sessionMessages.endFailed),
        });
      },
    });
  }

  return (
    <li className="flex flex-wrap items-start justify-between gap-4 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {name}
          {session.current && (
            <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-sm font-semibold text-green-800">
              {sessionMessages.thisDevice}
            </span>
          )}
        </p>
        <dl className="mt-1 space-y-0.5 text-sm">
          <Fact term={sessionMessages.address}>{session.ip ?? sessionMessages.unknownAddress}</Fact>
          <Fact term={sessionMessages.signedIn}>{moment(session.created_at, zone)}</Fact>
          <Fact term={sessionMessages.lastSeen}>{moment(session.last_seen_at, zone)}</Fact>
        </dl>
      </div>
      {!session.current && (
        <BusyButton
          className={buttonStyles.secondary}
          onClick={confirm}
          busy={end.isPending}
          busyLabel={sessionMessages.ending}
        >
          {sessionMessages.end}
          <span className="sr-only"> {name}</span>
        </BusyButton>
      )}
    </li>
  );
}

/** Where the account is signed in ('Where you are signed in'), each session to end, or every other at once. */
export function SessionsCard() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const { notify } = useNotify();

  function endAllOthers() {
    endOthers.mutate(undefined, {
      onSuccess: () =>
        notify({ type: 'success', title: 'Sessions Ended', message: sessionMessages.allOthersEnded }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        notify({
          type: 'error',
          title: 'Not Ended',
          message: refusalMessage(error, sessionMessages.endFailed),
        });
      },
    });
  }

  let body: ReactNode;
  if (sessions.isPending) body = <p className="mt-4 text-slate-700">Loading...</p>;
  else if (sessions.isError) body = <FormMessage type="error">{sessionMessages.loadFailed}</FormMessage>;
  else {
    const others = sessions.data.some((session) => !session.current);
    body = (
      <>
        <ul className="mt-2 divide-y divide-slate-200">
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
        {others ? (
          <BusyButton
            className={`${buttonStyles.secondary} mt-2`}
            onClick={endAllOthers}
            busy={endOthers.isPending}
            busyLabel={sessionMessages.ending}
          >
            {sessionMessages.endAllOthers}
          </BusyButton>
        ) : (
          <p className="mt-2 text-sm text-slate-700">{sessionMessages.onlyThisOne}</p>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-slate-200 p-5">
      <h3 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        {sessionMessages.heading}
      </h3>
      <p className="mt-2 text-slate-700">{sessionMessages.lead}</p>
      {body}
    </section>
  );
}
