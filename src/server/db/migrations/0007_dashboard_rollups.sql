CREATE TABLE "dashboard_daily" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL,
	"units" bigint NOT NULL,
	CONSTRAINT "dashboard_daily_customer_id_day_metric_key_pk" PRIMARY KEY("customer_id","day","metric","key")
);
--> statement-breakpoint
CREATE TABLE "dashboard_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"customer_id" integer NOT NULL,
	"metric" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tasks_error_idx" ON "tasks" USING btree ("updated_at","id") WHERE "tasks"."task_status" = 'Error';