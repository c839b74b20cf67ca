CREATE TABLE "product_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"price_cents" integer NOT NULL,
	"is_sale" boolean DEFAULT false NOT NULL,
	"effective_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_state" ADD COLUMN "price_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_item_idx" ON "product_prices" USING btree ("product_id","variant_id","effective_at");--> statement-breakpoint
-- The history starts with each product's and variant's current price, from when it was created (decision 0048).
INSERT INTO "product_prices" ("product_id", "variant_id", "price_cents", "is_sale", "effective_at")
	SELECT "id", NULL, "price_cents", false, "created_at" FROM "products" WHERE NOT "has_variants" AND "price_cents" IS NOT NULL;--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "variant_id", "price_cents", "is_sale", "effective_at")
	SELECT v."product_id", v."id", v."price_cents", false, p."created_at" FROM "product_variants" v JOIN "products" p ON p."id" = v."product_id";
