CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "user_customers_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_su" boolean DEFAULT false NOT NULL,
	"user_status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"connection_type" text NOT NULL,
	"biztalk_schema" text DEFAULT 'Default' NOT NULL,
	"biztalk_sender" text,
	"biztalk_receiver" text,
	"endpoint" text,
	"username" text,
	"secure_short_token_enc" text,
	"secure_long_token_enc" text,
	"connection_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"can_blind" boolean DEFAULT false NOT NULL,
	"customer_status" text DEFAULT 'Active' NOT NULL,
	"order_source" text DEFAULT 'Biztalk' NOT NULL,
	"cdn_url_1" text,
	"cdn_url_2" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"option_type" text DEFAULT 'Reason' NOT NULL,
	"option_code" text NOT NULL,
	"option_value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"setting_key" text PRIMARY KEY NOT NULL,
	"setting_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"delivery_number" text,
	"order_number" text,
	"web_order_number" text,
	"buyer_reference" text,
	"order_type" text,
	"source" text NOT NULL,
	"source_id_1" text NOT NULL,
	"order_status" text DEFAULT 'New' NOT NULL,
	"delivery_name_1" text,
	"delivery_name_2" text,
	"delivery_address_1" text,
	"delivery_address_2" text,
	"delivery_address_3" text,
	"delivery_city" text,
	"delivery_state" text,
	"delivery_zipcode" text,
	"delivery_country" text,
	"delivery_contact" text,
	"delivery_phone" text,
	"delivery_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"sku" text NOT NULL,
	"upc" text,
	"name_1" text DEFAULT '' NOT NULL,
	"color" text,
	"size" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_ledgers" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"product_id" integer NOT NULL,
	"condition" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_ledgers_quantity_check" CHECK ("return_ledgers"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"reference_1" text,
	"reference_2" text,
	"return_date" date NOT NULL,
	"is_blind" boolean DEFAULT false NOT NULL,
	"draft_id" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_username" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_type" text NOT NULL,
	"task_status" text DEFAULT 'Pending' NOT NULL,
	"message_1" text,
	"message_2" text,
	"is_running" boolean DEFAULT false NOT NULL,
	"attempts_count" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"return_id" integer,
	"file_name" text,
	"file_content" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_ledgers" ADD CONSTRAINT "return_ledgers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_customers_customer_idx" ON "user_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "connections_customer_idx" ON "connections" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "connections_sender_receiver_idx" ON "connections" USING btree ("biztalk_sender","biztalk_receiver");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_key" ON "customers" USING btree (lower("company"));--> statement-breakpoint
CREATE UNIQUE INDEX "options_customer_type_code_key" ON "options" USING btree ("customer_id","option_type","option_code");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_line_key" ON "order_lines" USING btree ("order_id","line_number");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_source_id_key" ON "orders" USING btree ("customer_id","source_id_1");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_reference_trgm_idx" ON "orders" USING gin ((lower(coalesce("delivery_number", '') || ' ' || coalesce("order_number", '') || ' ' || coalesce("web_order_number", '') || ' ' || coalesce("buyer_reference", ''))) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "products_customer_sku_key" ON "products" USING btree ("customer_id","sku");--> statement-breakpoint
CREATE INDEX "products_customer_upc_idx" ON "products" USING btree ("customer_id","upc");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((lower("sku" || ' ' || coalesce("upc", '') || ' ' || "name_1")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "return_ledgers_return_idx" ON "return_ledgers" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_ledgers_order_idx" ON "return_ledgers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_ledgers_customer_created_idx" ON "return_ledgers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_ledgers_product_idx" ON "return_ledgers" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_user_draft_key" ON "returns" USING btree ("user_id","draft_id");--> statement-breakpoint
CREATE INDEX "returns_created_idx" ON "returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "returns_customer_created_idx" ON "returns" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_blind_created_idx" ON "returns" USING btree ("is_blind","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_runnable_idx" ON "tasks" USING btree ("run_after","id") WHERE "tasks"."task_status" IN ('Pending', 'Before Downloading');--> statement-breakpoint
CREATE INDEX "tasks_return_idx" ON "tasks" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "tasks_order_idx" ON "tasks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_type_status_idx" ON "tasks" USING btree ("task_type","task_status","id");