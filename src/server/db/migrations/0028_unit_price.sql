ALTER TABLE "product_variants" ADD COLUMN "unit_quantity_milli" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit_quantity_milli" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_unit_quantity_check" CHECK ("product_variants"."unit_quantity_milli" IS NULL OR "product_variants"."unit_quantity_milli" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_check" CHECK (("products"."unit_quantity_milli" IS NULL) = ("products"."unit" IS NULL) AND ("products"."unit_quantity_milli" IS NULL OR "products"."unit_quantity_milli" > 0) AND ("products"."unit" IS NULL OR "products"."unit" IN ('kg', 'L', 'm', 'm2', 'm3', 'unidade')));