ALTER TABLE "expected_returns" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "expected_returns" ADD COLUMN "received_at" timestamp with time zone;