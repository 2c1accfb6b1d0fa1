CREATE TABLE "booking_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"uploaded_by" text,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_files_size_matches" CHECK ("booking_files"."size" = octet_length("booking_files"."content"))
);
--> statement-breakpoint
CREATE TABLE "booking_message_reads" (
	"booking_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_message_reads_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "booking_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"author_id" text,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_messages_side_known" CHECK ("booking_messages"."side" in ('client', 'firm'))
);
--> statement-breakpoint
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_type_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "brief" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Existing bookings get a room of their own under the default MEETING_URL_TEMPLATE; new ones get theirs when booked.
ALTER TABLE "bookings" ADD COLUMN "meeting_url" text DEFAULT ('https://meet.jit.si/' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "meeting_url" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "summary_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_files" ADD CONSTRAINT "booking_files_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_files" ADD CONSTRAINT "booking_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_message_reads" ADD CONSTRAINT "booking_message_reads_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_message_reads" ADD CONSTRAINT "booking_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_messages" ADD CONSTRAINT "booking_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_files_booking_idx" ON "booking_files" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "booking_messages_booking_idx" ON "booking_messages" USING btree ("booking_id","id");--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_type_known" CHECK ("booking_events"."type" in ('created', 'status_changed', 'rescheduled', 'reassigned', 'reviewed', 'location_changed'));