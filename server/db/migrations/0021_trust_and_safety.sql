CREATE TABLE "contact_reveals" (
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_reveals_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by" uuid,
	"resolution_reason" text
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "hidden_for_reports_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "active_before_reports" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "approved_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_reveals" ADD CONSTRAINT "contact_reveals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_reveals_user_last_idx" ON "contact_reveals" USING btree ("user_id","last_at");--> statement-breakpoint
CREATE INDEX "contact_reveals_property_idx" ON "contact_reveals" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_property_reporter_idx" ON "listing_reports" USING btree ("property_id","reporter_id");--> statement-breakpoint
CREATE INDEX "listing_reports_open_idx" ON "listing_reports" USING btree ("property_id","created_at") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "listing_reports_resolved_idx" ON "listing_reports" USING btree ("resolved_at") WHERE resolved_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_idx" ON "listing_reports" USING btree ("reporter_id");--> statement-breakpoint
-- Listings approved before this migration: what they show now is what was approved.
UPDATE "properties" SET "approved_snapshot" = jsonb_build_object(
	'title', "title", 'description', "description", 'price', "price", 'currency', "currency",
	'pricingPeriod', "pricing_period", 'city', "city", 'address', "address", 'country', "country",
	'photoKeys', COALESCE((SELECT jsonb_agg(photo->'key') FROM jsonb_array_elements("photos") AS photo), '[]'::jsonb),
	'approvedAt', "updated_at"
) WHERE "is_verified";
