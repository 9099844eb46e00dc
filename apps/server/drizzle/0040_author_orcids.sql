ALTER TABLE "archived_papers" ADD COLUMN "corresponding_author_orcid" text;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD COLUMN "corresponding_author_orcid_authenticated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD COLUMN "joint_author_orcids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "archived_papers" ADD COLUMN "joint_author_orcids_authenticated" boolean[] DEFAULT '{}'::boolean[] NOT NULL;--> statement-breakpoint
ALTER TABLE "paper_authors" ADD COLUMN "orcid" text;--> statement-breakpoint
ALTER TABLE "paper_authors" ADD COLUMN "orcid_authenticated" boolean DEFAULT false NOT NULL;