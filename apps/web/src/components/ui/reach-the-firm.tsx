import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { company } from '../../config/company';

/**
 * How to reach the firm when the portal cannot do what the client needs (a change inside the change notice, a
 * limit reached): the contact page and the firm's phone number, one sentence that follows a message such as
 * 'Please contact us.', so the client is never told to get in touch without being told how.
 */
export function ReachTheFirm({ className = '' }: { className?: string }) {
  return (
    <span className={className} data-testid="reach-the-firm">
      Use the{' '}
      <Link to={paths.contact} className="font-semibold underline">
        contact page
      </Link>{' '}
      or call{' '}
      <a href={company.phone.href} className="font-semibold whitespace-nowrap underline">
        {company.phone.display}
      </a>
      .
    </span>
  );
}
