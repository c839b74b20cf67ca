ALTER TABLE "orders" ADD COLUMN "stock_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
UPDATE "orders" SET "stock_held_until" = "order_date" + interval '48 hours' WHERE "status" = 'pending' AND "paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_unpaid_holds_idx" ON "orders" USING btree ("stock_held_until") WHERE "status" = 'pending' AND "paid_at" IS NULL;
