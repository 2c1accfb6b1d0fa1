import type { BookingStats } from '@portal/domain';
import { count, dollars } from '@portal/domain';
import { CalendarCheck, Clock, DollarSign, type LucideIcon, UsersRound } from 'lucide-react';
import { changeText } from '../format';

export interface UserFigures {
  activeUsers: number;
  newUsers: number;
}

interface Card {
  title: string;
  icon: LucideIcon;
  value: string;
  /** The change against the previous period; absent when there is nothing to compare with. */
  change: string | undefined;
  note?: string;
}

function changeLook(change: string): string {
  if (change.startsWith('+') || change === 'new') return 'text-green-800';
  if (change === '0%') return 'text-slate-700';
  return 'text-red-800';
}

/**
 * The four stat cards. Every change is computed against the previous period of equal length (never a constant);
 * without the previous figures (they failed to load) no change is shown.
 */
export function StatCards({
  stats,
  previous,
  users,
  previousUsers,
  days,
}: {
  stats: BookingStats;
  previous: BookingStats | null | undefined;
  users: UserFigures;
  previousUsers: UserFigures | null | undefined;
  /** How long each period is, in days. */
  days: number;
}) {
  const cards: Card[] = [
    {
      title: 'Total Bookings',
      icon: CalendarCheck,
      value: count(stats.total),
      change: previous ? changeText(stats.total, previous.total) : undefined,
    },
    {
      title: 'Total Revenue',
      icon: DollarSign,
      value: dollars(stats.totalRevenue),
      change: previous ? changeText(stats.totalRevenue, previous.totalRevenue) : undefined,
    },
    {
      title: 'Active Users',
      icon: UsersRound,
      value: count(users.activeUsers),
      change: previousUsers ? changeText(users.activeUsers, previousUsers.activeUsers) : undefined,
      note: `${count(users.newUsers)} new ${users.newUsers === 1 ? 'user' : 'users'}`,
    },
    {
      title: 'Pending Bookings',
      icon: Clock,
      value: count(stats.pending),
      change: previous ? changeText(stats.pending, previous.pending) : undefined,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ title, icon: Icon, value, change, note }) => {
        const headingId = `stat-${title.toLowerCase().replace(/\s+/g, '-')}`;
        return (
          <li key={title}>
            <article
              aria-labelledby={headingId}
              className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 id={headingId} className="text-sm font-medium text-slate-700">
                  {title}
                </h3>
                <span className="flex size-10 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
              </div>
              <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="stat-value">
                {value}
              </p>
              {note && <p className="mt-1 text-sm text-slate-700">{note}</p>}
              {change && (
                <p className="mt-2 text-sm text-slate-700">
                  <span className={`font-semibold ${changeLook(change)}`} data-testid="stat-change">
                    {change}
                  </span>{' '}
                  compared with the previous {days} days
                </p>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
