-- Bookings belong to a consultant, and the no-overlap rule moves from the service to the consultant
-- (docs/decisions/046). An upgraded install keeps booking exactly as before: every service nobody delivers gets a
-- consultant of its own (delivering only it, on the firm's hours), and each booking takes its service's consultant.
ALTER TABLE "bookings" ADD COLUMN "consultant_id" integer;--> statement-breakpoint
-- A placeholder named for the service, at an address that can never receive mail (.invalid, RFC 2606): the firm
-- renames them in /admin/consultants.
INSERT INTO "consultants" ("name", "email", "title")
  SELECT left(s."name", 80) || ' Consultant', 'service-' || s."id" || '@consultants.invalid', 'Consultant'
  FROM "services" s
  WHERE NOT EXISTS (SELECT 1 FROM "consultant_services" cs WHERE cs."service_id" = s."id")
  ORDER BY s."id"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consultant_services" ("consultant_id", "service_id")
  SELECT c."id", s."id"
  FROM "services" s
  JOIN "consultants" c ON lower(c."email") = 'service-' || s."id" || '@consultants.invalid'
  WHERE NOT EXISTS (SELECT 1 FROM "consultant_services" cs WHERE cs."service_id" = s."id");--> statement-breakpoint
-- Bookings no longer active: their service's consultant of the lowest id.
UPDATE "bookings" b SET "consultant_id" = (
  SELECT min(cs."consultant_id") FROM "consultant_services" cs WHERE cs."service_id" = b."service_id"
) WHERE b."status" NOT IN ('pending', 'confirmed');--> statement-breakpoint
-- Active bookings, earliest first: the service's consultant of the lowest id who is still free then. Only where a
-- consultant already delivered several services could two active bookings meet; the later one then goes to a
-- retired consultant of its own for that service, so that no time is taken from anyone and nothing is lost.
-- For the loop only: finds a consultant's active bookings meeting a time without reading them all.
CREATE INDEX "bookings_consultant_backfill_idx" ON "bookings"
  USING gist ("consultant_id", tstzrange("starts_at", "blocked_until"))
  WHERE ("status" IN ('pending', 'confirmed'));--> statement-breakpoint
DO $$
DECLARE
  booking record;
  chosen integer;
BEGIN
  FOR booking IN
    SELECT "id", "service_id", "starts_at", "blocked_until" FROM "bookings"
    WHERE "status" IN ('pending', 'confirmed') ORDER BY "starts_at", "id"
  LOOP
    SELECT min(cs."consultant_id") INTO chosen
    FROM "consultant_services" cs
    WHERE cs."service_id" = booking."service_id"
      AND NOT EXISTS (
        SELECT 1 FROM "bookings" other
        WHERE other."consultant_id" = cs."consultant_id"
          AND other."status" IN ('pending', 'confirmed')
          AND tstzrange(other."starts_at", other."blocked_until") && tstzrange(booking."starts_at", booking."blocked_until")
      );
    IF chosen IS NULL THEN
      INSERT INTO "consultants" ("name", "email", "title", "active")
        SELECT left(s."name", 80) || ' Consultant', 'service-' || s."id" || '-booking-' || booking."id" || '@consultants.invalid', 'Consultant', false
        FROM "services" s WHERE s."id" = booking."service_id"
        RETURNING "id" INTO chosen;
      INSERT INTO "consultant_services" ("consultant_id", "service_id") VALUES (chosen, booking."service_id");
    END IF;
    UPDATE "bookings" SET "consultant_id" = chosen WHERE "id" = booking."id";
  END LOOP;
END $$;--> statement-breakpoint
DROP INDEX "bookings_consultant_backfill_idx";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "consultant_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("consultant_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));
