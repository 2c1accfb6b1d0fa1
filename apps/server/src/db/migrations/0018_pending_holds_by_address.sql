ALTER TABLE "bookings" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE INDEX "bookings_client_address_idx" ON "bookings" USING btree ("client_address","starts_at") WHERE "bookings"."client_address" is not null;--> statement-breakpoint
CREATE INDEX "outbox_coalesce_idx" ON "outbox" USING btree ("coalesce_key","to","created_at") WHERE "outbox"."coalesce_key" is not null;