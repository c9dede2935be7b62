CREATE INDEX "orders_customer_reference_trgm_idx" ON "orders" USING gin ("customer_id",(lower(coalesce("delivery_number", '') || ' ' || coalesce("order_number", '') || ' ' || coalesce("web_order_number", '') || ' ' || coalesce("buyer_reference", ''))) gin_trgm_ops);--> statement-breakpoint
DROP INDEX "orders_reference_trgm_idx";--> statement-breakpoint
ALTER TABLE "return_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_counts" DROP CONSTRAINT "return_counts_customer_id_is_blind_pk";--> statement-breakpoint
ALTER TABLE "return_counts" ADD CONSTRAINT "return_counts_customer_id_is_blind_slot_pk" PRIMARY KEY("customer_id","is_blind","slot");
