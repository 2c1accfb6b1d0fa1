import { type DateRange, rangeInstants } from '@portal/domain';
import { gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `from <= column < until` for a range of calendar days in the business zone: from the first day's midnight to the
 * midnight after the last. An open end adds no condition.
 */
export function withinDays(column: PgColumn, range: Partial<DateRange>, timeZone: string): SQL[] {
  const { from, until } = rangeInstants(range, timeZone);
  return [...(from ? [gte(column, from)] : []), ...(until ? [lt(column, until)] : [])];
}
