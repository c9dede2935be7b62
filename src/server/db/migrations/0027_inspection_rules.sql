CREATE TABLE "grade_scales" (
	"customer_id" integer NOT NULL,
	"grade" text NOT NULL,
	"label" text NOT NULL,
	"condition" text NOT NULL,
	CONSTRAINT "grade_scales_customer_id_grade_pk" PRIMARY KEY("customer_id","grade")
);
--> statement-breakpoint
CREATE TABLE "inspection_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"match" text NOT NULL,
	"value" text,
	"match_key" text NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade_dispositions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"serial_capture" text DEFAULT 'none' NOT NULL,
	"serial_check" text DEFAULT 'any' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_rules_match_check" CHECK ("inspection_rules"."match" IN ('sku', 'prefix', 'category', 'default'))
);
--> statement-breakpoint
CREATE TABLE "order_line_serials" (
	"order_line_id" integer NOT NULL,
	"serial" text NOT NULL,
	CONSTRAINT "order_line_serials_order_line_id_serial_pk" PRIMARY KEY("order_line_id","serial")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "grade" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "step_answers" jsonb;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "serial" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "serial_shipped" boolean;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "serial_repeated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grade_scales" ADD CONSTRAINT "grade_scales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_rules" ADD CONSTRAINT "inspection_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_serials" ADD CONSTRAINT "order_line_serials_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_rules_customer_match_key" ON "inspection_rules" USING btree ("customer_id","match","match_key");--> statement-breakpoint
CREATE INDEX "order_line_serials_serial_idx" ON "order_line_serials" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "return_ledgers_customer_serial_idx" ON "return_ledgers" USING btree ("customer_id","serial") WHERE "return_ledgers"."serial" IS NOT NULL;