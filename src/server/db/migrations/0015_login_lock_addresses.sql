ALTER TABLE "login_failures" ADD COLUMN "addresses" text[] DEFAULT '{}'::text[] NOT NULL;
