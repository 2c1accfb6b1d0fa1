import { type AdminContactMessage, contactMessages, paths } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { NextPageButton } from '../../../components/ui/next-page-button';
import { Spinner } from '../../../components/ui/spinner';
import { FormMessage } from '../../../components/ui/text-field';
import { refusalMessage } from '../../../lib/api-error';
import { useAdminMessages } from '../api/get-admin-messages';
import { useSetMessageAnswered } from '../api/set-message-answered';

const small = `${buttonStyles.secondary} px-3 py-1.5 text-sm`;

/** A mailto link that answers the message: the sender's address, 'Re: ' and its subject. */
function replyHref(message: AdminContactMessage): string {
  return `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}

function MessageItem({
  message,
  onToggle,
  busy,
}: {
  message: AdminContactMessage;
  onToggle: (message: AdminContactMessage) => void;
  busy: boolean;
}) {
  const headingId = useId();
  const when = new Date(message.created_at).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <li
      data-testid="admin-message"
      aria-labelledby={headingId}
      className={`rounded-lg border p-4 ${message.answered ? 'border-slate-300 bg-slate-50' : 'border-blue-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-semibold text-slate-900">
            {message.subject}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <span>{message.name}</span>
            <a href={replyHref(message)} className="font-medium text-blue-800 hover:underline">
              {message.email}
            </a>
            <span>Service: {message.service_name ?? contactMessages.noService}</span>
            <time dateTime={message.created_at}>{when}</time>
            {message.answered ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                Answered
              </span>
            ) : (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                Not answered
              </span>
            )}
          </p>
        </div>
        <button type="button" className={small} disabled={busy} onClick={() => onToggle(message)}>
          {message.answered ? 'Mark Not Answered' : 'Mark Answered'}
        </button>
      </div>
      <p className="mt-3 whitespace-pre-line text-slate-800">{message.message}</p>
    </li>
  );
}

/** /admin/messages: the contact form's messages, newest first; each is marked answered once someone replied. */
export function AdminMessages() {
  const query = useAdminMessages();
  const toggle = useSetMessageAnswered();
  const { notify } = useNotify();
  const messages = query.data?.pages.flatMap((page) => page.messages) ?? [];

  function setAnswered(message: AdminContactMessage) {
    toggle.mutate(
      { id: message.id, answered: !message.answered },
      {
        onSuccess: (changed) =>
          notify({
            type: 'success',
            title: 'Saved',
            message: changed.answered ? contactMessages.markedAnswered : contactMessages.markedOpen,
          }),
        onError: (error) =>
          notify({
            type: 'error',
            title: 'Error',
            message: refusalMessage(error, contactMessages.updateFailed),
          }),
      },
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <Link to={paths.admin} className="inline-flex items-center gap-1 text-sm text-blue-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Messages</h1>
      <p className="mt-2 text-slate-700">
        What visitors and clients wrote with the contact form, newest first. Answer by e-mail, then mark the
        message answered.
      </p>
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label="Loading messages..." />
        ) : query.isError ? (
          <FormMessage type="error">
            {contactMessages.loadFailed}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </FormMessage>
        ) : messages.length === 0 ? (
          <p className="text-slate-700">{contactMessages.noMessages}</p>
        ) : (
          <ul className="space-y-3">
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                onToggle={setAnswered}
                busy={toggle.isPending}
              />
            ))}
          </ul>
        )}
        <NextPageButton query={query} label="More Messages" className="mt-4" />
      </div>
    </div>
  );
}
