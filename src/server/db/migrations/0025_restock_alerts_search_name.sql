-- Issue #30 (decision 0043): "Avise-me quando voltar" alerts, and the products' name as searches compare it (accents and
-- case folded), stored with its own trigram index: a two-letter search no trigram index serves reads it instead of
-- folding every name. products_search_trgm_idx (the expression index of 0009) is no longer read by this release and
-- is kept until the next one (decision 0039: the previous release still reads it during a rolling deploy).
CREATE TABLE "restock_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "restock_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone,
	"stop_token" text NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(f_unaccent(name))) STORED;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_key" ON "restock_alerts" USING btree ("product_id",coalesce("variant_id", 0),lower("email"));--> statement-breakpoint
CREATE INDEX "restock_alerts_product_idx" ON "restock_alerts" USING btree ("product_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_confirm_key" ON "restock_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_stop_key" ON "restock_alerts" USING btree ("stop_token");--> statement-breakpoint
CREATE INDEX "products_search_name_trgm_idx" ON "products" USING gin ("search_name" gin_trgm_ops);