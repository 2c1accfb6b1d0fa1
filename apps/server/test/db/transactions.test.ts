import { count, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionRetryingDeadlocks } from '../../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/build-test-app.ts';

const attempts = pgTable('attempts', { n: integer('n') });

/** What PostgreSQL's driver throws when it ends a transaction to break a deadlock (wrapped as Drizzle does). */
function deadlock(): Error {
  return new Error('Failed query', {
    cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  });
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.db.execute(sql`create table attempts (n int)`);
});
afterAll(async () => {
  await database?.drop();
});

async function attemptsWritten(): Promise<number> {
  const [row] = await database.handle.db.select({ written: count() }).from(attempts);
  return Number(row?.written);
}

describe('transactionRetryingDeadlocks', () => {
  it('runs the transaction again after a deadlock, keeping only the attempt that committed', async () => {
    await database.handle.db.delete(attempts);
    let calls = 0;
    const answer = await transactionRetryingDeadlocks(database.handle.db, async (tx) => {
      calls += 1;
      await tx.insert(attempts).values({ n: calls });
      if (calls < 3) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(calls).toBe(3);
    expect(await attemptsWritten()).toBe(1);
  });

  it('gives up after the last attempt and throws the deadlock', async () => {
    let calls = 0;
    await expect(
      transactionRetryingDeadlocks(database.handle.db, async () => {
        calls += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('Failed query');
    expect(calls).toBe(3);
  });

  it('never runs again after any other failure', async () => {
    let calls = 0;
    await expect(
      transactionRetryingDeadlocks(database.handle.db, async () => {
        calls += 1;
        throw new Error('slot taken');
      }),
    ).rejects.toThrow('slot taken');
    expect(calls).toBe(1);
  });
});
