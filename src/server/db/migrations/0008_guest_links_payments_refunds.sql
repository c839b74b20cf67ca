ALTER TABLE "orders" ADD COLUMN "access_token" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_refunds_due_idx" ON "orders" USING btree ("order_date") WHERE "orders"."refund_due_cents" is not null and "orders"."refunded_at" is null;