-- Dashboard versions (issue 32 item 2): every save of a stored dashboard keeps its whole model, its
-- author and time and a summary of what changed; a save names the version it was made on, so a
-- second editor's save is told of the first instead of overwriting it.
CREATE TABLE "dashboard_versions" (
  "dashboard_id" integer NOT NULL REFERENCES "dashboards"("id") ON DELETE CASCADE,
  "number" integer NOT NULL,
  "author_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "summary" jsonb NOT NULL,
  "model" jsonb NOT NULL,
  "restored_from" integer,
  PRIMARY KEY ("dashboard_id", "number")
);
