CREATE TABLE "return_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"comment" text,
	"lines" jsonb NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_versions" ADD CONSTRAINT "return_versions_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_versions_return_version_key" ON "return_versions" USING btree ("return_id","version");