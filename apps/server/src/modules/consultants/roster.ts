// The consultants as availability and booking read them: each with their services, own hours and time off not yet
// over, cached per process and rebuilt when the version 'consultants' moves (every change of an administrator's
// raises it in its transaction), so a day's availability reads no consultant from the database most of the time.
import { type IsoDate, todayIn, type WeeklyHours } from '@portal/domain';
import { asc, gte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { consultantServices, consultants, consultantTimeOff } from '../../db/schema.ts';
import { bumpCacheVersion, versionedCache } from '../../db/versioned-cache.ts';

export interface RosterConsultant {
  id: number;
  name: string;
  active: boolean;
  weeklyHours: WeeklyHours | null;
  serviceIds: ReadonlySet<number>;
  timeOff: readonly { startDate: IsoDate; endDate: IsoDate }[];
}

async function loadRoster(db: Database): Promise<RosterConsultant[]> {
  // Time off ended before yesterday (in any zone) concerns no bookable day.
  const since = todayIn('UTC', new Date(Date.now() - 2 * 86_400_000));
  const [rows, links, timeOff] = await Promise.all([
    db
      .select({
        id: consultants.id,
        name: consultants.name,
        active: consultants.active,
        weeklyHours: consultants.weeklyHours,
      })
      .from(consultants)
      .orderBy(asc(consultants.id)),
    db.select().from(consultantServices),
    db
      .select({
        consultantId: consultantTimeOff.consultantId,
        startDate: consultantTimeOff.startDate,
        endDate: consultantTimeOff.endDate,
      })
      .from(consultantTimeOff)
      .where(gte(consultantTimeOff.endDate, since)),
  ]);
  return rows.map((row) => ({
    ...row,
    weeklyHours: row.weeklyHours ?? null,
    serviceIds: new Set(links.filter((link) => link.consultantId === row.id).map((link) => link.serviceId)),
    timeOff: timeOff.filter((entry) => entry.consultantId === row.id),
  }));
}

const roster = versionedCache('consultants', loadRoster);

/** Every consultant, retired ones too, by id. */
export async function consultantRoster(db: Database): Promise<RosterConsultant[]> {
  return roster.peek(db) ?? roster.load(db);
}

/** The active consultants who deliver the service, by id. */
export async function consultantsOfService(db: Database, serviceId: number): Promise<RosterConsultant[]> {
  return (await consultantRoster(db)).filter(
    (consultant) => consultant.active && consultant.serviceIds.has(serviceId),
  );
}

/** In the transaction of a change to consultants, their services or time off: every process reads them afresh. */
export async function consultantsChanging(tx: Database | Transaction): Promise<void> {
  await bumpCacheVersion(tx, 'consultants');
}

/** After that transaction ends: this process's next read loads them at once. */
export function consultantsChanged(db: Database): void {
  roster.forget(db);
}
