CREATE TABLE "shipping_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"zone" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_above_cents" integer,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"pickup_address" text,
	"pickup_hours" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_details" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_idx" ON "shipping_methods" USING btree ("zone","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A fresh shop behaves as the spec says (decision 0046): today's rule is the mainland's home delivery; the islands get defaults the owner can change. The same rows as FRESH_SHOP_METHODS (src/shared/shipping.ts).
INSERT INTO "shipping_methods" ("zone", "name", "kind", "price_cents", "free_above_cents", "days_min", "days_max") VALUES
	('continente', 'Entrega em casa (CTT)', 'flat', 600, 7000, 2, 2),
	('madeira', 'Entrega em casa (CTT)', 'flat', 990, NULL, 3, 15),
	('acores', 'Entrega em casa (CTT)', 'flat', 1190, NULL, 3, 15);
