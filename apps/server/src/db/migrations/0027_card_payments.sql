CREATE TABLE "card_payments" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"checkout_session_id" text NOT NULL,
	"checkout_url" text NOT NULL,
	"checkout_expires_at" timestamp with time zone NOT NULL,
	"payment_intent_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_status_known" CHECK ("card_payments"."status" in ('awaiting', 'authorized', 'paid', 'voided', 'refunded', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_changes" DROP CONSTRAINT "admin_changes_subject_known";--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_checkout_session_idx" ON "card_payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_payment_intent_idx" ON "card_payments" USING btree ("payment_intent_id") WHERE "card_payments"."payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "card_payments_awaiting_idx" ON "card_payments" USING btree ("checkout_expires_at") WHERE "card_payments"."status" = 'awaiting';--> statement-breakpoint
ALTER TABLE "admin_changes" ADD CONSTRAINT "admin_changes_subject_known" CHECK ("admin_changes"."subject" in ('service', 'schedule', 'closure', 'consultant', 'time_off', 'firm_billing'));