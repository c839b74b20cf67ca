ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
-- The newsletter's batches were told apart by their payload; they carry the same identity as a key now.
UPDATE "jobs" SET "key" = ("payload"->>'sendId') || ':' || ("payload"->>'batch') WHERE "type" = 'newsletter.send';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_type_key_idx" ON "jobs" USING btree ("type","key") WHERE key IS NOT NULL;
