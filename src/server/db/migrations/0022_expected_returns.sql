CREATE TABLE "expected_return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"expected_return_id" integer NOT NULL,
	"sku" text,
	"upc" text,
	"quantity" integer NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "expected_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"rma" text NOT NULL,
	"tracking_number" text,
	"tracking_key" text,
	"order_reference" text,
	"status" text DEFAULT 'expected' NOT NULL,
	"source" text NOT NULL,
	"api_key_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expected_return_items" ADD CONSTRAINT "expected_return_items_expected_return_id_expected_returns_id_fk" FOREIGN KEY ("expected_return_id") REFERENCES "public"."expected_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expected_returns" ADD CONSTRAINT "expected_returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expected_return_items_return_idx" ON "expected_return_items" USING btree ("expected_return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expected_returns_customer_rma_key" ON "expected_returns" USING btree ("customer_id",upper("rma"));--> statement-breakpoint
CREATE INDEX "expected_returns_tracking_idx" ON "expected_returns" USING btree ("customer_id","tracking_key");