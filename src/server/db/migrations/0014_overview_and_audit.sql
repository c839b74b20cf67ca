CREATE TABLE "overview_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_threshold" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_email" text NOT NULL,
	"ip" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
-- The owner's overview reads these ranges with index-only scans: what it sums is carried in the index
-- (INCLUDE, which drizzle's schema cannot write; the indexes are declared here only, except orders_paid_idx).
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") INCLUDE ("total_with_tax_cents", "total_without_tax_cents") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_date_status_idx" ON "orders" USING btree ("order_date") INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "orders_not_invoiced_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null and "orders"."invoiced_at" is null;--> statement-breakpoint
CREATE INDEX "order_items_paid_idx" ON "order_items" USING btree ("paid_at") INCLUDE ("product_id", "quantity", "unit_price_cents") WHERE "order_items"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_method_created_idx" ON "payments" USING btree ("method","created_at");--> statement-breakpoint
INSERT INTO "overview_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The audit log is append-only: no one edits or deletes what an admin did, the application included.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- An order line carries its order's payment date: set when the line is written, moved when the order is paid.
CREATE FUNCTION "order_items_paid_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "paid_at" INTO NEW."paid_at" FROM "orders" WHERE "id" = NEW."order_id";
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_items_paid_at" BEFORE INSERT OR UPDATE OF "order_id" ON "order_items" FOR EACH ROW EXECUTE FUNCTION "order_items_paid_at"();--> statement-breakpoint
CREATE FUNCTION "orders_paid_at_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "order_items" SET "paid_at" = NEW."paid_at" WHERE "order_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_paid_at_to_items" AFTER UPDATE OF "paid_at" ON "orders" FOR EACH ROW WHEN (OLD."paid_at" IS DISTINCT FROM NEW."paid_at") EXECUTE FUNCTION "orders_paid_at_to_items"();--> statement-breakpoint
UPDATE "order_items" SET "paid_at" = "orders"."paid_at" FROM "orders" WHERE "orders"."id" = "order_items"."order_id" AND "orders"."paid_at" IS NOT NULL;
