-- No double booking, enforced by the database: two active (pending or confirmed) bookings of one service never
-- overlap in time. Ranges are half-open [starts_at, ends_at), so back-to-back slots do not conflict. btree_gist
-- lets the GiST index compare service_id with `=`; it is a trusted extension (PostgreSQL 13+), so a database
-- owner may create it, and PGlite loads it from its contrib bundle (see db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("service_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
