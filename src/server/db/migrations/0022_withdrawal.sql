CREATE TABLE "withdrawal_refunds" (
	"withdrawal_id" integer PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"refunded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_by" integer
);
--> statement-breakpoint
CREATE TABLE "withdrawal_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"lines" jsonb NOT NULL,
	"lines_key" text NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"statement" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "withdrawal_exemption" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "withdrawal_exemption" text;--> statement-breakpoint
ALTER TABLE "overview_settings" ADD COLUMN "withdrawal_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_refunds" ADD CONSTRAINT "withdrawal_refunds_withdrawal_id_withdrawal_requests_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_refunds" ADD CONSTRAINT "withdrawal_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_refunds" ADD CONSTRAINT "withdrawal_refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_lines_key" ON "withdrawal_requests" USING btree ("order_id","lines_key");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_requested_idx" ON "withdrawal_requests" USING btree ("requested_at","id");--> statement-breakpoint
ALTER TABLE "overview_settings" ADD CONSTRAINT "overview_settings_withdrawal_days_check" CHECK ("overview_settings"."withdrawal_days" >= 14);--> statement-breakpoint
-- A withdrawal and its refund are append-only (issue #28): nothing edits what the customer confirmed. Two changes
-- pass: the deletion that follows its order's or its refund's (an MB WAY refund the gateway refused; a cascade
-- runs one trigger deeper), and an account's deletion setting its user column to null (the rest unchanged).
CREATE FUNCTION "withdrawals_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - TG_ARGV[0]) = (to_jsonb(OLD) - TG_ARGV[0]) AND to_jsonb(NEW) ->> TG_ARGV[0] IS NULL THEN
    RETURN NEW;
  END IF;
  -- A person's erasure (RGPD art. 17.º, decision 0041): who made a request gives way to the anonymous mark; its
  -- lines, dates and amounts stay.
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) ->> 'name' = 'Anonimizado (RGPD)' AND to_jsonb(NEW) ->> 'ip' IS NULL
    AND (to_jsonb(NEW) - '{name,email,ip,reason,statement}'::text[]) = (to_jsonb(OLD) - '{name,email,ip,reason,statement}'::text[]) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawal_requests_append_only" BEFORE UPDATE OR DELETE ON "withdrawal_requests" FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"('user_id');--> statement-breakpoint
CREATE TRIGGER "withdrawal_refunds_append_only" BEFORE UPDATE OR DELETE ON "withdrawal_refunds" FOR EACH ROW EXECUTE FUNCTION "withdrawals_append_only"('refunded_by');
