import { adminMessages } from '@portal/domain';
import { TriangleAlert } from 'lucide-react';
import { useUndeliveredMail } from '../api/get-undelivered-mail';
import { Moment } from './moment';

/**
 * A warning above the dashboard when e-mails were given up on (their attempts ran out): how many, and the latest
 * few with recipient, subject and the last error. Nothing when there are none or the count cannot be read.
 */
export function UndeliveredMailWarning() {
  const { data } = useUndeliveredMail();
  if (!data || data.count === 0) return null;
  return (
    <section
      aria-labelledby="undelivered-mail"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="undelivered-mail" className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        {adminMessages.undeliveredMail(data.count)}
      </h2>
      <p className="mt-1">{adminMessages.undeliveredMailHint}</p>
      <ul className="mt-3 space-y-2">
        {data.latest.map((mail) => (
          <li key={mail.id} className="break-words">
            <span className="font-medium">{mail.to}</span> — {mail.subject}
            <span className="block text-amber-900">
              <Moment at={mail.createdAt} />, {mail.attempts} attempts
              {mail.lastError ? `: ${mail.lastError}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
