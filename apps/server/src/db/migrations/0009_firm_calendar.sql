-- The firm's calendar (weekly hours, buffer, notice, horizon; closed dates), services the firm retires and brings
-- back, who changed what, and the versions that tell every server process its cache is stale.
CREATE TABLE "admin_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "admin_changes_subject_known" CHECK ("admin_changes"."subject" in ('service', 'schedule', 'closure')),
	CONSTRAINT "admin_changes_action_known" CHECK ("admin_changes"."action" in ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closures_dates_in_order" CHECK ("closures"."start_date" <= "closures"."end_date")
);
--> statement-breakpoint
CREATE TABLE "firm_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"schedule" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_schedule_one_row" CHECK ("firm_schedule"."id" = 1)
);
--> statement-breakpoint
-- The buffer after each consultation, held by the database: a booking blocks its service from its start to its end
-- plus the buffer in force when it was booked (a stored column: the exclusion constraint needs an immutable
-- expression, and timestamptz + interval is not one). Bookings made before the calendar had no buffer.
ALTER TABLE "bookings" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
UPDATE "bookings" SET "blocked_until" = "ends_at";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "blocked_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("service_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&)
  WHERE ("status" IN ('pending', 'confirmed'));--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_changes" ADD CONSTRAINT "admin_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_changes_subject_idx" ON "admin_changes" USING btree ("subject","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "closures_end_date_idx" ON "closures" USING btree ("end_date");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_blocked_through_end" CHECK ("bookings"."blocked_until" >= "bookings"."ends_at");