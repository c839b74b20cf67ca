CREATE TABLE "shipping_zones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipping_zones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "country" SET DEFAULT 'PT';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "country" text DEFAULT 'PT' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_code_idx" ON "shipping_zones" USING btree ("code");--> statement-breakpoint
-- The address book's countries become ISO codes (decision 0055): every address so far was Portugal's.
UPDATE "addresses" SET "country" = 'PT' WHERE "country" = 'Portugal';
