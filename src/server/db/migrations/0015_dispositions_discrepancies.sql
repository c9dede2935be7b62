CREATE TABLE "dispositions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"requires_location" boolean DEFAULT false NOT NULL,
	"default_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_missing_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_missing_lines_quantity_check" CHECK ("return_missing_lines"."quantity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "discrepancy" text;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD COLUMN "replaces_order_line_id" integer;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "has_discrepancies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispositions" ADD CONSTRAINT "dispositions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_missing_lines" ADD CONSTRAINT "return_missing_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_missing_lines" ADD CONSTRAINT "return_missing_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_missing_lines" ADD CONSTRAINT "return_missing_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_missing_lines" ADD CONSTRAINT "return_missing_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_missing_lines" ADD CONSTRAINT "return_missing_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dispositions_customer_code_key" ON "dispositions" USING btree ("customer_id","code");--> statement-breakpoint
CREATE INDEX "return_missing_lines_return_idx" ON "return_missing_lines" USING btree ("return_id");--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_replaces_order_line_id_order_lines_id_fk" FOREIGN KEY ("replaces_order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;