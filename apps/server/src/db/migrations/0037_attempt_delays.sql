-- Growing delays for sign-in attempts (issue 28 item 8): past its limit an account's key lets one
-- attempt through per delay, doubling after each, instead of refusing until its window ends.
ALTER TABLE "attempt_counters" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attempt_counters" ADD COLUMN "last_token" text;
