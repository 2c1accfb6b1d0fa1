-- The administrators' list (newest first, keyset on created_at, id; filtered by status or service), their
-- statistics (a range of created_at; the trailing columns of bookings_created_idx make them index-only scans)
-- and the upcoming schedule (active bookings by start time).
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id","service_id","status","total_cost","user_id");--> statement-breakpoint
CREATE INDEX "bookings_service_created_idx" ON "bookings" USING btree ("service_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_upcoming_idx" ON "bookings" USING btree ("starts_at","id") WHERE "bookings"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");