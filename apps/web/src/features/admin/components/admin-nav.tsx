import {
  adminCalendarTexts,
  adminMessages,
  count as countText,
  firmBillingTexts,
  paths,
} from '@portal/domain';
import { NavLink } from 'react-router';
import { useAdminCounts } from '../api/get-admin-counts';

interface AdminNavItem {
  label: string;
  to: string;
  /** What waits on that page, once the counts are in: the number shown, and what it is. */
  count?: { value: number; what: 'pending' | 'unanswered' };
}

const link = ({ isActive }: { isActive: boolean }) =>
  `inline-block rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The admin area's own navigation, above every /admin page (docs/product.md#administration): its pages, the
 * current one marked, and beside Bookings and Messages how many wait (pending, unanswered). A count is shown only
 * when something waits, named 'Bookings, 3 pending'. On a phone the links wrap rather than widen the page.
 */
export function AdminNav() {
  const { data: counts } = useAdminCounts();
  const items: AdminNavItem[] = [
    { label: 'Dashboard', to: paths.admin },
    {
      label: 'Bookings',
      to: paths.adminBookings,
      count: counts && { value: counts.pendingBookings, what: 'pending' },
    },
    { label: 'Services', to: paths.adminServices },
    { label: 'Schedule', to: paths.adminSchedule },
    { label: 'Consultants', to: paths.adminConsultants },
    { label: adminCalendarTexts.nav, to: paths.adminCalendar },
    {
      label: 'Messages',
      to: paths.adminMessages,
      count: counts && { value: counts.unansweredMessages, what: 'unanswered' },
    },
    { label: 'Reviews', to: paths.adminReviews },
    { label: 'Invoices', to: paths.adminInvoices },
    { label: firmBillingTexts.heading, to: paths.adminSettings },
  ];
  return (
    <nav aria-label={adminMessages.navLabel} className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4 py-2 sm:px-6 lg:px-8">
        {items.map(({ label, to, count }) => {
          const shown = count !== undefined && count.value > 0 ? count : undefined;
          return (
            <li key={to}>
              {/* The dashboard is marked only on /admin itself, not on the pages below it. The name says what the
                  number counts ('Bookings, 3 pending'), beginning with the words shown. */}
              <NavLink
                to={to}
                end={to === paths.admin}
                className={link}
                aria-label={shown && adminMessages.navCount(label, shown.value, shown.what)}
              >
                {label}
                {/* A real space: the words shown read 'Bookings 3', the start of the name. */}
                {shown && ' '}
                {shown && (
                  <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                    {countText(shown.value)}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
