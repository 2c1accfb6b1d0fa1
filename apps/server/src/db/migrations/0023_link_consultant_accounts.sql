-- Consultants whose email is already a verified account's are linked to it, and the account becomes a consultant's
-- (docs/decisions/048). Administrators keep their role.
UPDATE "consultants" c SET "user_id" = u."id"
  FROM "users" u
  WHERE c."active" AND c."user_id" IS NULL AND u."email_verified" AND lower(u."email") = lower(c."email")
    AND NOT EXISTS (SELECT 1 FROM "consultants" o WHERE o."user_id" = u."id");--> statement-breakpoint
UPDATE "users" SET "role" = 'consultant', "updated_at" = now()
  WHERE "role" = 'client' AND "id" IN (SELECT "user_id" FROM "consultants" WHERE "user_id" IS NOT NULL);
