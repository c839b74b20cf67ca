-- The tax number (NIF) and company of an order and of the customer's last checkout (issue #16).
ALTER TABLE "users" ADD COLUMN "nif" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "nif" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company" text;