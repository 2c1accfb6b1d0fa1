// Keyset paging of a list newest first (created_at, then id) with opaque cursors, each naming the last row of a
// page: the reviews and the contact-form messages. The booking lists carry a total as well (booking-pages.ts).
import { desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { invalidField } from '../lib/errors.ts';

export interface NewestFirstList {
  table: PgTable;
  createdAt: AnyPgColumn;
  /** An integer identity. */
  id: AnyPgColumn;
}

/**
 * The paging of one list: `prefix` tells its cursors from other lists' ('r1'), `cursorInvalid` is the 400's
 * message for a cursor the list did not give.
 */
export function newestFirstPaging(list: NewestFirstList, prefix: string, cursorInvalid: string) {
  const pattern = new RegExp(`^${prefix}:([1-9]\\d{0,9})$`);

  /** The row id a cursor names; a 400 for anything the list did not give. */
  function decode(cursor: string): number {
    const match = /^[\w-]+$/.test(cursor) ? pattern.exec(Buffer.from(cursor, 'base64url').toString()) : null;
    const id = match ? Number(match[1]) : Number.NaN;
    if (!(id <= 2_147_483_647)) throw invalidField('cursor', cursorInvalid);
    return id;
  }

  return {
    order: [desc(list.createdAt), desc(list.id)],
    /**
     * The rows after the cursor's one. Its created_at is read in the same query, at full precision (a JavaScript
     * Date would truncate it); inside the subquery the table's name means the subquery's own row.
     */
    after(cursor: string): SQL {
      const id = decode(cursor);
      return sql`(${list.createdAt}, ${list.id}) < ((select ${list.createdAt} from ${list.table} where ${list.id} = ${id}), ${id})`;
    },
    /** A page of `limit` from rows read with `limit + 1`, and the cursor of the next page (null on the last). */
    pageOf<Row>(rows: Row[], limit: number, idOf: (row: Row) => number) {
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const nextCursor =
        rows.length > limit && last !== undefined
          ? Buffer.from(`${prefix}:${idOf(last)}`).toString('base64url')
          : null;
      return { page, nextCursor };
    },
  };
}
