ALTER TABLE "customers" ADD COLUMN "expected_overdue_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "expected_returns" ADD COLUMN "overdue_at" timestamp with time zone;