ALTER TABLE "payment_callbacks" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_expiry_date" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callbacks_fingerprint_key" ON "payment_callbacks" USING btree ("fingerprint");