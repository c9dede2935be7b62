CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"customer_id" integer,
	"uploaded_by" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"uploaded_bytes" integer NOT NULL,
	"original_bytes" integer NOT NULL,
	"display_bytes" integer NOT NULL,
	"thumb_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"attached_at" timestamp with time zone,
	"return_id" integer,
	"ledger_id" integer,
	CONSTRAINT "photos_format_check" CHECK ("photos"."format" IN ('jpeg', 'png', 'webp'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "photo_required_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_ledger_id_return_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."return_ledgers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photos_storage_key_key" ON "photos" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "photos_return_idx" ON "photos" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "photos_unattached_idx" ON "photos" USING btree ("uploaded_at") WHERE "photos"."attached_at" IS NULL;