ALTER TABLE "viewings" DROP CONSTRAINT "viewings_property_id_properties_id_fk";
--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "cancelled_for" text;