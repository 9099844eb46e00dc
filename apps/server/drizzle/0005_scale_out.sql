-- UNLOGGED by hand (drizzle-kit cannot say it): rate-limit counters need no crash safety (decision 0015).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"slot" bigint NOT NULL,
	"runner" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" jsonb,
	CONSTRAINT "scheduled_runs_job_slot_pk" PRIMARY KEY("job","slot")
);
