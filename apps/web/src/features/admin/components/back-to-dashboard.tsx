import { paths } from '@portal/domain';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from an admin page to the dashboard, above its title. */
export function BackToDashboard() {
  return (
    <Link
      to={paths.admin}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Dashboard
    </Link>
  );
}
