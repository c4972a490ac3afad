DROP INDEX "properties_live_newest_idx";--> statement-breakpoint
DROP INDEX "properties_live_rating_idx";--> statement-breakpoint
DROP INDEX "properties_live_type_idx";--> statement-breakpoint
DROP INDEX "properties_live_category_idx";--> statement-breakpoint
CREATE INDEX "properties_live_newest_v2_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_rating_v2_idx" ON "properties" USING btree ("average_rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_type_v2_idx" ON "properties" USING btree ("property_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_category_v2_idx" ON "properties" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_live_city_idx" ON "properties" USING btree ("city","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "properties"."is_verified" AND "properties"."is_active";