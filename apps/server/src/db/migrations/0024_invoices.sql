CREATE TABLE "firm_billing" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"billing" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_billing_one_row" CHECK ("firm_billing"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"credits_invoice_id" integer,
	"issued_on" date NOT NULL,
	"due_on" date,
	"currency" text NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"line" jsonb NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"tax_rate" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_known" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_credit_note_shape" CHECK (("invoices"."kind" = 'invoice' and "invoices"."credits_invoice_id" is null and "invoices"."due_on" is not null and "invoices"."total_cents" >= 0)
        or ("invoices"."kind" = 'credit_note' and "invoices"."credits_invoice_id" is not null and "invoices"."due_on" is null and "invoices"."total_cents" <= 0)),
	CONSTRAINT "invoices_total_adds_up" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."tax_cents"),
	CONSTRAINT "invoices_sequence_positive" CHECK ("invoices"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_price_not_negative";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "currency" text;--> statement-breakpoint
-- Existing bookings: the same snapshot in cents (amountCents: rate × minutes / 60, a half cent up), in dollars.
UPDATE "bookings" SET "amount_cents" = round("hourly_rate" * 100 * "duration_minutes" / 60.0), "currency" = 'usd';--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credits_invoice_id_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_idx" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_invoice_idx" ON "invoices" USING btree ("credits_invoice_id") WHERE "invoices"."credits_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_booking_idx" ON "invoices" USING btree ("booking_id","id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_on","id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_price_not_negative" CHECK ("bookings"."hourly_rate" >= 0 and "bookings"."total_cost" >= 0 and "bookings"."amount_cents" >= 0);--> statement-breakpoint
-- An issued invoice or credit note never changes and is never removed (docs/decisions/049).
CREATE FUNCTION "invoices_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice % is issued and cannot be changed or deleted', OLD."number" USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_never_change" BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_never_change"();
