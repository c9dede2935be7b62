CREATE TABLE "billing_closed_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"closed_month_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"return_id" integer,
	"reference" text,
	"operator" text,
	"quantity" integer NOT NULL,
	"rate_minor" bigint,
	"amount_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_closed_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"month" text NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"closed_by" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"event_type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_rates_amount_check" CHECK ("billing_rates"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "report_schedule_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"task_id" bigint,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"month_day" integer,
	"time_of_day" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"recipients" jsonb NOT NULL,
	"formats" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_frequency_check" CHECK ("report_schedules"."frequency" IN ('Daily', 'Weekly', 'Monthly'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_closed_events" ADD CONSTRAINT "billing_closed_events_closed_month_id_billing_closed_months_id_fk" FOREIGN KEY ("closed_month_id") REFERENCES "public"."billing_closed_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_closed_months" ADD CONSTRAINT "billing_closed_months_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_rates" ADD CONSTRAINT "billing_rates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_schedule_id_report_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."report_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedule_runs" ADD CONSTRAINT "report_schedule_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_closed_events_month_idx" ON "billing_closed_events" USING btree ("closed_month_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_closed_months_customer_month_key" ON "billing_closed_months" USING btree ("customer_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_rates_customer_event_start_key" ON "billing_rates" USING btree ("customer_id","event_type","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedule_runs_due_key" ON "report_schedule_runs" USING btree ("schedule_id","due_at") WHERE NOT "report_schedule_runs"."manual";--> statement-breakpoint
CREATE INDEX "report_schedule_runs_schedule_idx" ON "report_schedule_runs" USING btree ("schedule_id","created_at");--> statement-breakpoint
CREATE INDEX "report_schedules_customer_idx" ON "report_schedules" USING btree ("customer_id");