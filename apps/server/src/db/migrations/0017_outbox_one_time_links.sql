-- E-mails that carry a one-time link (reset, verification) are marked, so that a delivery over SMTP forgets
-- their text (docs/decisions/040).
ALTER TABLE "outbox" ADD COLUMN "one_time_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- E-mails already written keep no one-time link either once delivered (docs/decisions/040): the reset links among
-- them died with 0016, but a verification link stays valid for 24 hours.
UPDATE "outbox" SET "one_time_link" = true
WHERE "subject" LIKE 'Reset your % password' OR "subject" LIKE 'Verify your email address for %';--> statement-breakpoint
UPDATE "outbox"
SET "text" = 'This e-mail carried a one-time link. It was delivered, and the outbox does not keep the link.',
    "html" = '<p>This e-mail carried a one-time link. It was delivered, and the outbox does not keep the link.</p>'
WHERE "one_time_link" AND "status" = 'sent';
