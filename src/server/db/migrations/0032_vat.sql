CREATE TABLE "tax_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tax_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"regime" text NOT NULL,
	"region" text NOT NULL,
	"valid_from" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_category" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_rate" integer DEFAULT 23 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_regime" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_region" text DEFAULT 'continente' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_vat_rate" integer DEFAULT 23 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_settings_valid_from_idx" ON "tax_settings" USING btree ("valid_from","id");