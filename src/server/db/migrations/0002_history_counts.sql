CREATE TABLE "return_counts" (
	"customer_id" integer NOT NULL,
	"is_blind" boolean NOT NULL,
	"returns_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "return_counts_customer_id_is_blind_pk" PRIMARY KEY("customer_id","is_blind")
);
--> statement-breakpoint
ALTER TABLE "return_counts" ADD CONSTRAINT "return_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;