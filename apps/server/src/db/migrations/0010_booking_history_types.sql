-- A booking's history tells what happened (created, status changed, rescheduled, reviewed), and a reschedule keeps
-- its old and new start; a client's reschedule sent with an Idempotency-Key is found again by that key. The type is
-- added nullable, backfilled from what the rows already say, then required.
ALTER TABLE "booking_events" ADD COLUMN "type" text;--> statement-breakpoint
UPDATE "booking_events" SET "type" = CASE WHEN "from_status" IS NULL THEN 'created' ELSE 'status_changed' END;--> statement-breakpoint
ALTER TABLE "booking_events" ALTER COLUMN "type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "from_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "to_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_events_idempotency_key_idx" ON "booking_events" USING btree ("booking_id","idempotency_key") WHERE "booking_events"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_type_known" CHECK ("booking_events"."type" in ('created', 'status_changed', 'rescheduled', 'reviewed'));--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_rescheduled_has_starts" CHECK ("booking_events"."type" <> 'rescheduled' or ("booking_events"."from_starts_at" is not null and "booking_events"."to_starts_at" is not null));
