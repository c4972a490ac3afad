-- Issue 50: reviews count only from authors independent of the lister: where accounts were used
-- from (address, device), the numbers each account has had, a review's author's number and why
-- it does not count.
CREATE TABLE "account_sightings" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"address" text NOT NULL,
	"device_hash" text DEFAULT '' NOT NULL,
	CONSTRAINT "account_sightings_user_id_day_address_device_hash_pk" PRIMARY KEY("user_id","day","address","device_hash")
);
--> statement-breakpoint
CREATE TABLE "phone_history" (
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_history_user_id_phone_pk" PRIMARY KEY("user_id","phone")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_phone" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "not_counted_reason" text;--> statement-breakpoint
ALTER TABLE "account_sightings" ADD CONSTRAINT "account_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_history" ADD CONSTRAINT "phone_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sightings_address_idx" ON "account_sightings" USING btree ("address","day");--> statement-breakpoint
CREATE INDEX "account_sightings_device_idx" ON "account_sightings" USING btree ("device_hash","day");--> statement-breakpoint
CREATE INDEX "phone_history_phone_idx" ON "phone_history" USING btree ("phone");;--> statement-breakpoint
-- Every number an account has had verified, whichever way it was verified (a code, a reset, an
-- administrator's tool), from now on and from what the accounts hold today.
CREATE FUNCTION users_phone_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO phone_history (user_id, phone) VALUES (NEW.id, NEW.phone) ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_phone_history AFTER INSERT OR UPDATE OF phone, phone_verified ON "users"
  FOR EACH ROW WHEN (NEW.phone_verified AND NEW.phone IS NOT NULL)
  EXECUTE FUNCTION users_phone_history();--> statement-breakpoint
INSERT INTO phone_history (user_id, phone)
  SELECT id, phone FROM users WHERE phone_verified AND phone IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Reviews written before: their author's number now, so a second review by it is seen.
UPDATE reviews SET author_phone = users.phone FROM users
  WHERE users.id = reviews.author_id AND users.phone_verified;
