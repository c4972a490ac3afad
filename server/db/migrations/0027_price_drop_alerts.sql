-- Favourites' price drops and the daily cap of alerts (issue 21).
CREATE TABLE "alert_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "seen_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "seen_currency" text;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "seen_period" text;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "price_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_sends" ADD CONSTRAINT "alert_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_sends_user_idx" ON "alert_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
-- Savers of a favourite start from the rent it has now (issue 21: told of drops from here).
UPDATE "favorites" SET "seen_price" = p."price", "seen_currency" = p."currency", "seen_period" = p."pricing_period"
FROM "properties" p WHERE p."id" = "favorites"."property_id";
