CREATE TABLE "decision_digests" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"last_decision_id" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "decision_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"min_value" bigint,
	"deadline_hours" integer DEFAULT 48 NOT NULL,
	"default_disposition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_rules_kind_check" CHECK ("decision_rules"."kind" IN ('condition', 'discrepancy', 'unit_value')),
	CONSTRAINT "decision_rules_deadline_check" CHECK ("decision_rules"."deadline_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "line_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"ledger_id" integer,
	"customer_id" integer NOT NULL,
	"rule_id" integer,
	"rule_label" text NOT NULL,
	"default_disposition" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"disposition" text,
	"disposition_before" text,
	"comment" text,
	"decided_by_user_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "line_decisions_state_check" CHECK ("line_decisions"."state" IN ('awaiting', 'decided', 'defaulted'))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit_value" bigint;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "awaiting_decisions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "decision_digests" ADD CONSTRAINT "decision_digests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_rules" ADD CONSTRAINT "decision_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_decisions" ADD CONSTRAINT "line_decisions_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_decisions" ADD CONSTRAINT "line_decisions_ledger_id_return_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."return_ledgers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_decisions" ADD CONSTRAINT "line_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decision_rules_customer_idx" ON "decision_rules" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_decisions_ledger_key" ON "line_decisions" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "line_decisions_return_idx" ON "line_decisions" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "line_decisions_customer_state_idx" ON "line_decisions" USING btree ("customer_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "line_decisions_due_idx" ON "line_decisions" USING btree ("due_at") WHERE "line_decisions"."state" = 'awaiting';