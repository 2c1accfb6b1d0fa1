// The record of every export and erasure of an account's data (who, when, whose): a data-protection officer's
// first question, answered without holding any personal data itself.
import type { DataRequestActor, DataRequestKind } from '@portal/domain';
import type { Database } from '../../db/client.ts';
import { dataRequests } from '../../db/schema.ts';

export interface DataRequest {
  kind: DataRequestKind;
  /** The account whose data it is. */
  subjectUserId: string;
  /** Who asked: the subject themselves, or an administrator. */
  actorUserId: string;
  actor: DataRequestActor;
}

/** Records one; pass the transaction an erasure runs in, so the record and the erasure stand or fall together. */
export async function recordDataRequest(db: Pick<Database, 'insert'>, request: DataRequest): Promise<void> {
  await db.insert(dataRequests).values(request);
}
