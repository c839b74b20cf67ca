CREATE TABLE "payment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"method_order" jsonb DEFAULT '["multibanco","mbway","card","payshop"]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The owner's one row, with the spec's two methods first (issue #27, decision 0052).
INSERT INTO "payment_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
