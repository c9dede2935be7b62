CREATE TABLE "parcel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_number" text NOT NULL,
	"customer_id" integer,
	"sender_name" text,
	"sender_address" text,
	"note" text,
	"location" text NOT NULL,
	"state" text DEFAULT 'Waiting' NOT NULL,
	"close_reason" text,
	"return_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by" integer NOT NULL,
	"received_by_name" text NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "parcel_amber_days" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "parcel_red_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "parcel_events" ADD CONSTRAINT "parcel_events_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_events" ADD CONSTRAINT "parcel_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_events_parcel_idx" ON "parcel_events" USING btree ("parcel_id","created_at","id");--> statement-breakpoint
CREATE INDEX "parcels_state_received_idx" ON "parcels" USING btree ("state","received_at","id");--> statement-breakpoint
CREATE INDEX "parcels_customer_state_received_idx" ON "parcels" USING btree ("customer_id","state","received_at","id");--> statement-breakpoint
CREATE INDEX "parcels_return_idx" ON "parcels" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "parcels_tracking_idx" ON "parcels" USING btree (upper("tracking_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_waiting_tracking_key" ON "parcels" USING btree (upper("tracking_number")) WHERE "parcels"."state" = 'Waiting';--> statement-breakpoint
CREATE INDEX "returns_tracking_idx" ON "returns" USING btree (upper("tracking_number"));