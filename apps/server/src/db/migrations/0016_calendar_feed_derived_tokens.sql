-- Tokens kept only as hashes (docs/decisions/040). Feed tokens are now derived from the server's secret and a
-- generation; the clear ones cannot be, so every feed URL issued so far is invalidated (its clear token and hash
-- forgotten): the owner's next read of the profile issues the new one. The clear column stays, always null, for
-- the previous release during a rolling deploy; a later release drops it.
ALTER TABLE "calendar_feeds" ALTER COLUMN "token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "calendar_feeds" SET "token" = NULL, "token_hash" = NULL, "generation" = 1, "updated_at" = now();--> statement-breakpoint
-- Reset links are now stored as a hash of their identifier; the ones stored in clear would still be found (the
-- accounts library falls back to the clear identifier), so they go: a reset asked for just before the upgrade
-- needs asking again.
DELETE FROM "verifications" WHERE "identifier" LIKE 'reset-password:%';
