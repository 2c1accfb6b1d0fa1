ALTER TABLE "users" DROP CONSTRAINT "users_role_known";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("users"."role" in ('client', 'admin', 'consultant'));