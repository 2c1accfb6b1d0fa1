-- Housekeeping: one row per periodic job, claimed by moving next_run_at on (once per period across processes),
-- and the indexes its deletes read by.
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_outcome" jsonb
);
--> statement-breakpoint
-- Who changed a booking, said outright: until now a null actor_user_id meant either the system or a deleted user.
-- Past events: the booking's own user was its client; anyone else (or a deleted account) an administrator.
ALTER TABLE "booking_events" ADD COLUMN "actor" text;--> statement-breakpoint
UPDATE "booking_events" SET "actor" = CASE
  WHEN "actor_user_id" = (SELECT "user_id" FROM "bookings" WHERE "bookings"."id" = "booking_events"."booking_id") THEN 'client'
  ELSE 'admin'
END;--> statement-breakpoint
ALTER TABLE "booking_events" ALTER COLUMN "actor" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_sent_idx" ON "outbox" USING btree ("sent_at") WHERE "outbox"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "rate_limits_last_request_idx" ON "rate_limits" USING btree ("last_request");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "verifications_expires_at_idx" ON "verifications" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_known" CHECK ("booking_events"."actor" in ('client', 'admin', 'system'));--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_system_has_no_user" CHECK ("booking_events"."actor" <> 'system' or "booking_events"."actor_user_id" is null);