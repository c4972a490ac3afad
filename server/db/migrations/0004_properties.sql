CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_property_id_pk" PRIMARY KEY("user_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"property_type" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"pricing_period" text DEFAULT 'month' NOT NULL,
	"monthly_price_usd" numeric GENERATED ALWAYS AS (price * (CASE pricing_period WHEN 'week' THEN 52.0 / 12 WHEN 'year' THEN 1.0 / 12 ELSE 1 END) / (CASE currency WHEN 'GH₵' THEN 15 ELSE 1 END)) STORED NOT NULL,
	"bedrooms" integer DEFAULT 1 NOT NULL,
	"bathrooms" integer DEFAULT 1 NOT NULL,
	"guest_capacity" integer GENERATED ALWAYS AS (greatest(1, bedrooms * 2)) STORED NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"average_rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"featured_order" integer,
	"search_text" text GENERATED ALWAYS AS (lower(immutable_unaccent(city || ' ' || country || ' ' || address || ' ' || title))) STORED NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', lower(immutable_unaccent(city || ' ' || country || ' ' || address || ' ' || title)))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_property_idx" ON "favorites" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "properties_live_newest_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_price_idx" ON "properties" USING btree ("monthly_price_usd","id") WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_rating_idx" ON "properties" USING btree ("average_rating" DESC NULLS LAST,"id") WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_type_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_category_idx" ON "properties" USING btree ("category","created_at" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_featured_idx" ON "properties" USING btree ("featured_order") WHERE "properties"."is_featured";--> statement-breakpoint
CREATE INDEX "properties_pending_idx" ON "properties" USING btree ("created_at") WHERE NOT "properties"."is_verified";--> statement-breakpoint
CREATE INDEX "properties_search_text_trgm_idx" ON "properties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_search_vector_idx" ON "properties" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "properties_amenities_idx" ON "properties" USING gin ("amenities");