import { paths } from '@portal/domain';
import { Briefcase, CalendarDays, type LucideIcon, ShieldCheck, UserRound } from 'lucide-react';
import { IconCard } from '../../components/ui/icon-card';
import { NextConsultation } from '../../features/bookings/components/next-consultation';
import { RecentActivity } from '../../features/bookings/components/recent-activity';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAccount } from '../../lib/use-session';

interface Shortcut {
  icon: LucideIcon;
  title: string;
  text: string;
  to: string;
}

const shortcuts: readonly Shortcut[] = [
  {
    icon: CalendarDays,
    title: 'My Bookings',
    text: 'See and manage your consultations.',
    to: paths.myBookings,
  },
  {
    icon: Briefcase,
    title: 'Services',
    text: 'Browse our services and book a consultation.',
    to: paths.services,
  },
  { icon: UserRound, title: 'Profile', text: 'View and update your details.', to: paths.profile },
];

const adminShortcut: Shortcut = {
  icon: ShieldCheck,
  title: 'Admin Access',
  text: 'Manage bookings and see business statistics.',
  to: paths.admin,
};

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const account = useAccount();
  const cards = account.isAdmin ? [...shortcuts, adminShortcut] : shortcuts;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome, {account.firstName}!</h1>
      <p className="mt-2 text-lg text-slate-700">What would you like to do today?</p>
      <NextConsultation />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map(({ icon: Icon, title, text, to }) => (
          <IconCard key={title} icon={<Icon aria-hidden="true" className="size-6" />} title={title} to={to}>
            <p>{text}</p>
          </IconCard>
        ))}
      </ul>
      <RecentActivity />
    </div>
  );
}
