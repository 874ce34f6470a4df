-- A view-as session names the administrator's session it was started from, and ends with it: signing
-- out of one tab left the view-as opened from it acting as the other user until its own end. The
-- cascade makes every way a session ends (sign-out, the security tab, a password change, the purge
-- of expired sessions) end its view-as sessions too. Open view-as sessions name none: they end now
-- (an hour at most was left), and from here on every view-as session names one, and only they do.
DELETE FROM "sessions" WHERE "admin_user_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "started_from_sid" text;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_started_from_sid_sessions_sid_fk" FOREIGN KEY ("started_from_sid") REFERENCES "public"."sessions"("sid") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_view_as_started_from" CHECK (("admin_user_id" is null) = ("started_from_sid" is null));
--> statement-breakpoint
CREATE INDEX "sessions_started_from" ON "sessions" USING btree ("started_from_sid");
