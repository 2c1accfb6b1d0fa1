-- Each claim of a message gets its own id, and only that claim may record the outcome (a worker whose lease ran
-- out cannot overwrite the next claim); `dead` after the attempt limit, never retried.
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_known";--> statement-breakpoint
DROP INDEX "outbox_due_idx";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
CREATE INDEX "outbox_dead_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'dead';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'dead'));