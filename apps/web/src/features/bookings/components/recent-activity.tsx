import { defaultBusinessTimeZone, historySentence, moment, paths } from '@portal/domain';
import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { QueryStates } from '../../../components/ui/query-states';
import { useActivity } from '../api/get-activity';
import { useSchedule } from '../api/get-schedule';

const texts = {
  loading: 'Loading recent activity...',
  failed: 'Failed to load recent activity. Please try again.',
  empty: 'No recent activity yet.',
};

/**
 * The dashboard's Recent Activity (docs/product.md#pages): the latest changes to the user's bookings, newest first,
 * each a sentence with its time and a link to the booking. Times in the business zone, as on the booking's page.
 */
export function RecentActivity() {
  const activity = useActivity();
  const timeZone = useSchedule().data?.timeZone ?? defaultBusinessTimeZone;
  return (
    <section
      aria-labelledby="recent-activity"
      className="mt-12 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="recent-activity" className="text-xl font-semibold text-slate-900">
        Recent Activity
      </h2>
      <div className="mt-4">
        <QueryStates query={activity} texts={texts} isEmpty={(data) => data.activity.length === 0}>
          {(data) => (
            <ul className="divide-y divide-slate-200" data-testid="activity">
              {data.activity.map((entry) => (
                <li key={`${entry.booking_id}-${entry.at}-${entry.type}`} className="flex gap-3 py-3">
                  <Clock aria-hidden="true" className="mt-1 size-5 shrink-0 text-slate-600" />
                  <div>
                    <p className="text-slate-900">
                      <Link
                        to={paths.booking(entry.booking_id)}
                        className="font-semibold text-blue-800 underline"
                      >
                        {entry.service_name}
                      </Link>
                      : {historySentence(entry, timeZone)}
                    </p>
                    <time dateTime={entry.at} className="text-sm text-slate-700">
                      {moment(entry.at, timeZone)}
                    </time>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
