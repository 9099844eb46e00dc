CREATE TABLE "landing_content" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"tagline_en" text NOT NULL,
	"tagline_ar" text NOT NULL,
	"features" jsonb NOT NULL,
	"journals" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_content_one_row" CHECK ("landing_content"."id" = 1)
);
