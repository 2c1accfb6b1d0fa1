import {
  type AdminPeriod,
  adminMessages,
  type BookingStats,
  dashboardPeriods,
  range as dateRange,
  defaultAdminPeriod,
  defaultBusinessTimeZone,
  moneyDefinition,
  periodRange,
  rangeDays,
  recentBookingsLimit,
  shortDate,
  utilisationTexts,
} from '@portal/domain';
import { RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify } from '../../../components/notifications/use-notify';
import { buttonStyles } from '../../../components/ui/button-styles';
import { FormMessage } from '../../../components/ui/form-message';
import { Spinner } from '../../../components/ui/spinner';
import { type TabItem, Tabs } from '../../../components/ui/tabs';
import { useAdminBookings } from '../api/get-admin-bookings';
import { useAdminStats } from '../api/get-admin-stats';
import { useUserStats } from '../api/get-user-stats';
import { BusinessOverview } from './business-overview';
import { ConsultantUtilisation } from './consultant-utilisation';
import { PeriodPicker, periodHint } from './period-picker';
import { RecentBookings } from './recent-bookings';
import { ServicePerformance } from './service-performance';
import { MoneyCards, StatCards, type UserFigures } from './stat-cards';
import { UndeliveredMailWarning } from './undelivered-mail-warning';
import { UpcomingSchedule } from './upcoming-schedule';

type DashboardTab = 'overview' | 'recent' | 'services' | 'consultants' | 'upcoming';

const tabs: readonly TabItem<DashboardTab>[] = [
  { key: 'overview', label: 'Business Overview' },
  { key: 'recent', label: 'Recent Bookings' },
  { key: 'services', label: 'Service Performance' },
  { key: 'consultants', label: utilisationTexts.tab },
  { key: 'upcoming', label: 'Upcoming Schedule' },
];

/** When the statistics cannot be loaded they are shown as zero (docs/product.md#administration). */
const noStats: BookingStats = {
  total: 0,
  pending: 0,
  confirmed: 0,
  completed: 0,
  cancelled: 0,
  totalRevenue: 0,
};
const noUsers: UserFigures = { activeUsers: 0, newUsers: 0 };

function periodFrom(search: URLSearchParams): AdminPeriod {
  const asked = search.get('period');
  return dashboardPeriods.find((period) => period === asked) ?? defaultAdminPeriod;
}

/**
 * The admin dashboard (docs/product.md#administration). Periods are reckoned in the business time zone, which the
 * statistics answer names.
 *
 * Failures: when neither the booking statistics nor the recent bookings load, nothing of the dashboard can be
 * shown — 'Failed to load dashboard data' with Retry. When only the statistics (bookings or users) fail, the rest
 * is shown with those figures as zero (the money, whose currency is then unknown, as a dash) and the notification
 * 'Failed to load admin data'. The upcoming list fails
 * on its own, inside its tab.
 */
export function AdminDashboard() {
  const [search, setSearch] = useSearchParams();
  const period = periodFrom(search);
  // The business zone is the server's (BUSINESS_TIMEZONE): assumed to be the default until the first answer says.
  const [timeZone, setTimeZone] = useState(defaultBusinessTimeZone);
  const range = useMemo(() => periodRange(period, new Date(), timeZone), [period, timeZone]);
  const days = rangeDays(range);
  const stats = useAdminStats(range);
  const answeredZone = stats.data?.timeZone;
  useEffect(() => {
    if (answeredZone && answeredZone !== timeZone) setTimeZone(answeredZone);
  }, [answeredZone, timeZone]);
  const users = useUserStats(range);
  const recent = useAdminBookings({ status: 'all', ...range, limit: recentBookingsLimit });
  const [tab, setTab] = useState<DashboardTab>('overview');
  const { notify } = useNotify();

  const dashboardFailed = stats.isError && recent.isError;
  const retrying = stats.isFetching || users.isFetching || recent.isFetching;

  // One notification per failure (its time), once it is clear the dashboard itself is up.
  const figuresFailedAt = Math.max(
    stats.isError ? stats.errorUpdatedAt : 0,
    users.isError ? users.errorUpdatedAt : 0,
  );
  const notifiedAt = useRef(0);
  useEffect(() => {
    if (figuresFailedAt === 0 || dashboardFailed || recent.isPending) return;
    if (notifiedAt.current === figuresFailedAt) return;
    notifiedAt.current = figuresFailedAt;
    notify({ type: 'error', title: 'Error', message: adminMessages.adminDataLoadFailed });
  }, [figuresFailedAt, dashboardFailed, recent.isPending, notify]);

  function choosePeriod(next: AdminPeriod) {
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  }

  function retry() {
    void stats.refetch();
    void users.refetch();
    void recent.refetch();
  }

  const figures = stats.data?.stats ?? noStats;
  const loadingFigures = stats.isPending || users.isPending;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          <p className="mt-2 text-slate-700" data-testid="period-range">
            {dateRange(shortDate(range.startDate), shortDate(range.endDate))} ({periodHint(period)})
          </p>
        </div>
        <PeriodPicker period={period} onChange={choosePeriod} />
      </div>
      <UndeliveredMailWarning />

      {dashboardFailed ? (
        <div className="mt-8">
          <FormMessage type="error">
            <p>{adminMessages.dashboardLoadFailed}</p>
            <button
              type="button"
              onClick={retry}
              disabled={retrying}
              className={`${buttonStyles.secondary} mt-3 px-4 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60`}
            >
              <RefreshCw aria-hidden="true" className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
              {retrying ? 'Retrying...' : 'Retry'}
            </button>
          </FormMessage>
        </div>
      ) : (
        <>
          <section aria-labelledby="key-figures" className="mt-8">
            <h2 id="key-figures" className="sr-only">
              Key Figures
            </h2>
            {loadingFigures ? (
              <Spinner label="Loading statistics..." />
            ) : (
              <>
                {/* The headline: money received, still owed and given back (docs/product.md#administration). */}
                <MoneyCards money={stats.data?.money} days={days} />
                <p className="mt-2 text-sm text-slate-700">{moneyDefinition}</p>
                <div className="mt-6">
                  <StatCards
                    stats={figures}
                    previous={stats.data?.previous}
                    users={users.data?.stats ?? noUsers}
                    previousUsers={users.data?.previous}
                    days={days}
                  />
                </div>
              </>
            )}
          </section>
          <div className="mt-10">
            <Tabs label="Dashboard sections" tabs={tabs} selected={tab} onSelect={setTab}>
              {tab === 'overview' &&
                (stats.isPending ? (
                  <Spinner label="Loading statistics..." />
                ) : (
                  <BusinessOverview stats={figures} daily={stats.data?.daily ?? []} />
                ))}
              {tab === 'recent' && <RecentBookings recent={recent} />}
              {tab === 'services' &&
                (stats.isPending ? (
                  <Spinner label="Loading statistics..." />
                ) : (
                  <ServicePerformance services={stats.data?.services ?? []} />
                ))}
              {tab === 'consultants' &&
                (stats.isPending ? (
                  <Spinner label="Loading statistics..." />
                ) : (
                  <ConsultantUtilisation consultants={stats.data?.consultants ?? []} />
                ))}
              {tab === 'upcoming' && <UpcomingSchedule />}
            </Tabs>
          </div>
        </>
      )}
    </div>
  );
}
