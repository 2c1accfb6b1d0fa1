import { moment } from '@portal/domain';
import { useBusinessZone } from '../../../lib/public-schedule';

/**
 * When something was written, changed or given up on, as the admin logs write it: 'Mon, Jan 7, 2030, 9:05 AM MST',
 * in the business zone (the zone the bookings are in, from the public schedule), not the viewer's.
 */
export function Moment({ at }: { at: string }) {
  const timeZone = useBusinessZone();
  return <time dateTime={at}>{moment(at, timeZone)}</time>;
}
