// Profiles: the client's names, phone, company and billing details in user_profiles, read together with the
// account.
import { accountMessages, type ProfileUpdate, type ProfileUser } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserProfileRow, userProfiles, users } from '../../db/schema.ts';
import { lockLiveAccount } from '../../lib/accounts/live-account.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/accounts.ts';
import { calendarFeedToken, calendarFeedUrl } from '../calendar-feed/calendar-feed.service.ts';

/** Whose profile it is: the signed-in caller. */
type ProfileOwner = Pick<Caller, 'id' | 'email' | 'emailVerified' | 'role' | 'createdAt'>;

/** APP_URL: the calendar feed's URL is absolute; its token is derived with the feed key (calendarFeedKey). */
export interface ProfileOptions {
  appUrl: string;
  feedKey: Buffer;
}

async function toProfileUser(
  db: Database,
  owner: ProfileOwner,
  profile: UserProfileRow,
  options: ProfileOptions,
): Promise<ProfileUser> {
  // "Member since" is the account's creation; the profile's own times are only its updates.
  const createdAt = owner.createdAt.toISOString();
  const updatedAt = profile.updatedAt.toISOString();
  return {
    id: owner.id,
    email: owner.email,
    role: owner.role,
    email_verified: owner.emailVerified,
    first_name: profile.firstName,
    last_name: profile.lastName,
    phone: profile.phone,
    company: profile.company,
    billing_address: profile.billingAddress,
    tax_id: profile.taxId,
    created_at: createdAt,
    updated_at: updatedAt,
    firstName: profile.firstName,
    lastName: profile.lastName,
    createdAt,
    updatedAt,
    calendar_feed_url: calendarFeedUrl(
      options.appUrl,
      await calendarFeedToken(db, options.feedKey, owner.id),
    ),
  };
}

/** The caller's profile; 404 while it is not completed yet (the web app then asks for it). */
export async function findProfile(
  db: Database,
  owner: ProfileOwner,
  options: ProfileOptions,
): Promise<ProfileUser> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, owner.id));
  if (!row) throw new NotFound(accountMessages.profileNotFound);
  return toProfileUser(db, owner, row, options);
}

/**
 * Creates or replaces the caller's profile; the account's display name follows the names. A billing detail the
 * update leaves out keeps what is stored.
 */
export async function saveProfile(
  db: Database,
  owner: ProfileOwner,
  update: ProfileUpdate,
  options: ProfileOptions,
): Promise<ProfileUser> {
  const { billingAddress, taxId, ...person } = update;
  const fields = {
    ...person,
    ...(billingAddress === undefined ? {} : { billingAddress }),
    ...(taxId === undefined ? {} : { taxId }),
  };
  const row = await db.transaction(async (tx) => {
    await lockLiveAccount(tx, owner.id);
    const [row] = await tx
      .insert(userProfiles)
      .values({ userId: owner.id, ...fields })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { ...fields, updatedAt: sql`now()` } })
      .returning();
    if (!row) throw new Error('The profile upsert returned no row');
    await tx
      .update(users)
      .set({ name: `${update.firstName} ${update.lastName}`, updatedAt: sql`now()` })
      .where(eq(users.id, owner.id));
    return row;
  });
  return toProfileUser(db, owner, row, options);
}
