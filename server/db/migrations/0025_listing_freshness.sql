-- Listings confirmed monthly (issue 21): every listing starts with 30 days from this migration.
CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "confirm_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "short_links_expires_idx" ON "short_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "properties_live_confirmed_idx" ON "properties" USING btree ("confirmed_at") WHERE "properties"."is_verified" AND "properties"."is_active";