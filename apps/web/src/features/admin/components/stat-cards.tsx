import type { BookingStats, MoneyStats } from '@portal/domain';
import { count, dollars, moneyText } from '@portal/domain';
import {
  Banknote,
  CalendarCheck,
  Clock,
  DollarSign,
  FileClock,
  type LucideIcon,
  ReceiptText,
  UsersRound,
} from 'lucide-react';
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
  /** Whether a rise is bad news (money still owed, money given back): it is then shown in red, a fall in green. */
  riseIsBad?: boolean;
  note?: string;
}

function changeLook(change: string, riseIsBad = false): string {
  if (change === '0%') return 'text-slate-700';
  const rise = change.startsWith('+') || change === 'new';
  return rise !== riseIsBad ? 'text-green-800' : 'text-red-800';
}

/** A row of figure cards, each with its change against the previous period of `days` days. */
function FigureCards({ cards, days, columns }: { cards: Card[]; days: number; columns: string }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${columns}`}>
      {cards.map(({ title, icon: Icon, value, change, riseIsBad, note }) => {
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
                  <span
                    className={`font-semibold ${changeLook(change, riseIsBad)}`}
                    data-testid="stat-change"
                  >
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

/** What a money card shows when the statistics did not load: the currency, too, is unknown. */
const unknownAmount = '\u2014';

/**
 * The firm's money in the period (moneyDefinition, in the domain): collected, outstanding at the period's end and
 * credited, in the currency the answer names, each against the previous period of equal length.
 */
export function MoneyCards({ money, days }: { money: MoneyStats | undefined; days: number }) {
  const previous = money?.previous;
  const card = (
    title: string,
    icon: LucideIcon,
    figure: 'collected_cents' | 'outstanding_cents' | 'credited_cents',
    riseIsBad: boolean,
  ): Card => ({
    title,
    icon,
    value: money ? moneyText(money[figure], money.currency) : unknownAmount,
    change: money && previous ? changeText(money[figure], previous[figure]) : undefined,
    riseIsBad,
  });
  return (
    <FigureCards
      cards={[
        card('Collected', Banknote, 'collected_cents', false),
        card('Outstanding', FileClock, 'outstanding_cents', true),
        card('Credited', ReceiptText, 'credited_cents', true),
      ]}
      days={days}
      columns="lg:grid-cols-3"
    />
  );
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
      title: 'Booked Revenue',
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
  return <FigureCards cards={cards} days={days} columns="lg:grid-cols-4" />;
}
