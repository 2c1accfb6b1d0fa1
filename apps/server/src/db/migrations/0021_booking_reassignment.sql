-- The firm moves a booking to another consultant: a history entry of its own, with both consultants' names then.
ALTER TABLE "booking_events" DROP CONSTRAINT "booking_events_type_known";--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "from_consultant_name" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD COLUMN "to_consultant_name" text;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_reassigned_has_consultants" CHECK ("booking_events"."type" <> 'reassigned' or ("booking_events"."from_consultant_name" is not null and "booking_events"."to_consultant_name" is not null));--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_type_known" CHECK ("booking_events"."type" in ('created', 'status_changed', 'rescheduled', 'reassigned', 'reviewed'));