import { conversationTexts } from '@portal/domain';
import { MessageSquare } from 'lucide-react';

/**
 * The booking's messages from the other side the reader has not read yet ('2 new messages'), in the lists that
 * lead to the booking's page: My Bookings, the consultant's schedule, the admin lists. Nothing while there are none.
 */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-blue-900"
      data-testid="unread-badge"
    >
      <MessageSquare aria-hidden="true" className="size-3.5" />
      {conversationTexts.unread(count)}
    </span>
  );
}
