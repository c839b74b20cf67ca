-- The owner may be mailed each new order too, not only each paid one (issue #25); off until she turns it on.
ALTER TABLE "overview_settings" ADD COLUMN "mail_new_orders" boolean DEFAULT false NOT NULL;
