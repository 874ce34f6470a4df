-- Worker liveness (issue 31 item 4): each process that runs jobs beats here, and records the jobs it
-- holds; a process whose beat is older than JOBS_WORKER_LEASE_SECONDS is dead (kill -9, a lost
-- machine), and a living one hands its jobs back to the queue at once instead of after the job's
-- timeout (up to 30 minutes for an export).
CREATE TABLE "job_workers" (
  "id" uuid PRIMARY KEY,
  "host" text NOT NULL,
  "pid" integer NOT NULL,
  "started_at" timestamp with time zone NOT NULL DEFAULT now(),
  "beat_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "job_claims" (
  "job_id" uuid PRIMARY KEY,
  "queue" text NOT NULL,
  "worker_id" uuid NOT NULL REFERENCES "job_workers" ("id") ON DELETE CASCADE,
  "claimed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "job_claims_worker" ON "job_claims" ("worker_id");
