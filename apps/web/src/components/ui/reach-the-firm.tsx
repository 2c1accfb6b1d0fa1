import { paths } from '@portal/domain';
import { Link } from 'react-router';
import { company } from '../../config/company';

/**
 * How to reach the firm, for every notice that says 'Please contact us.': the contact page and the firm's phone
 * number, so the client is never told to get in touch without being told how.
 */
export function ReachTheFirm({ className = '' }: { className?: string }) {
  return (
    <p className={`text-sm ${className}`} data-testid="reach-the-firm">
      <Link to={paths.contact} className="font-semibold underline">
        Contact us
      </Link>{' '}
      or call{' '}
      <a href={company.phone.href} className="font-semibold underline">
        {company.phone.display}
      </a>{' '}
      ({company.businessHours}).
    </p>
  );
}
