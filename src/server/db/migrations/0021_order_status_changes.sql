-- Every move of an order's status, made by the order's life (issue #24/#25): the timeline's dates for any actor.
CREATE TABLE "order_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","at");--> statement-breakpoint
-- The moves made before this table: the back office's, as its audit log recorded them.
INSERT INTO "order_status_changes" ("order_id", "to_status", "actor", "at")
SELECT a."entity_id"::integer, a."after"->>'status', 'admin', a."at"
FROM "audit_log" a
JOIN "orders" o ON o."id"::text = a."entity_id"
WHERE a."entity" = 'order' AND a."after"->>'status' IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled');
