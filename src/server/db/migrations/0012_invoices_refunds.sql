-- Invoices, credit notes and refunds (issue #16).
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'settled' NOT NULL,
	"iban" text,
	"transferred_on" date,
	"note" text,
	"gateway_refund_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credit_note_error" text,
	"credit_note_failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiscal_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fiscal_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"refund_id" integer,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"number" text,
	"pdf_url" text,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalised_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_invoice_key" ON "fiscal_documents" USING btree ("order_id") WHERE "fiscal_documents"."kind" = 'invoice_receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_credit_note_key" ON "fiscal_documents" USING btree ("refund_id") WHERE "fiscal_documents"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "fiscal_documents_order_idx" ON "fiscal_documents" USING btree ("order_id");--> statement-breakpoint
-- Orders paid before this migration already had their payment mail.
UPDATE "orders" SET "payment_mail_at" = "paid_at" WHERE "paid_at" IS NOT NULL;