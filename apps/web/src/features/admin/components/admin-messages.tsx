import { type AdminContactMessage, contactMessages } from '@portal/domain';
import { useId } from 'react';
import { buttonStyles } from '../../../components/ui/button-styles';
import { useAdminMessages } from '../api/get-admin-messages';
import { useSetMessageAnswered } from '../api/set-message-answered';
import { AdminListPage } from './admin-list-page';
import { Moment } from './moment';
import { useChangeWithNotice } from './use-change-with-notice';

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
            <Moment at={message.created_at} />
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

const messageTexts = {
  loading: 'Loading messages...',
  failed: contactMessages.loadFailed,
  empty: contactMessages.noMessages,
};

/** /admin/messages: the contact form's messages, newest first; each is marked answered once someone replied. */
export function AdminMessages() {
  const query = useAdminMessages();
  const toggle = useSetMessageAnswered();
  const setAnswered = useChangeWithNotice(toggle, {
    saved: (changed) => (changed.answered ? contactMessages.markedAnswered : contactMessages.markedOpen),
    failed: contactMessages.updateFailed,
    sourceOf: ({ id }) => `message-${id}`,
  });
  return (
    <AdminListPage
      title="Messages"
      intro="What visitors and clients wrote with the contact form, newest first. Answer by email, then mark the message answered."
      query={query}
      texts={messageTexts}
      itemsOf={(page) => page.messages}
      moreLabel="More Messages"
    >
      {(message) => (
        <MessageItem
          key={message.id}
          message={message}
          onToggle={(changed) => setAnswered({ id: changed.id, answered: !changed.answered })}
          busy={toggle.isPending}
        />
      )}
    </AdminListPage>
  );
}
