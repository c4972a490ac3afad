-- Issue 40: reviews that rest on viewings, lister reports of them, invitations, handles.
CREATE TABLE "review_invitations" (
	"viewing_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"viewing_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"lister_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"rating" smallint NOT NULL,
	"as_described" text NOT NULL,
	"asked_for_money" boolean NOT NULL,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_as_described_check" CHECK ("reviews"."as_described" in ('yes', 'mostly', 'no'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_viewing_id_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_viewing_id_viewings_id_fk" FOREIGN KEY ("viewing_id") REFERENCES "public"."viewings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_lister_id_users_id_fk" FOREIGN KEY ("lister_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_reports_review_reporter_idx" ON "review_reports" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_reports_open_idx" ON "review_reports" USING btree ("created_at") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_viewing_idx" ON "reviews" USING btree ("viewing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_property_author_idx" ON "reviews" USING btree ("property_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_property_idx" ON "reviews" USING btree ("property_id","created_at") WHERE hidden_at IS NULL;--> statement-breakpoint
CREATE INDEX "reviews_lister_idx" ON "reviews" USING btree ("lister_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
-- A lister's public handle (issue 40): the slug of their name (an agent's business name),
-- folded to ASCII, and 8 random hexadecimal digits, drawn again until no one has it. Made once,
-- when the account is created ('' asks for one), and kept: links to the page must last.
CREATE FUNCTION user_new_handle(first_name text, business_name text) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  stem text;
  candidate text;
BEGIN
  stem := lower(regexp_replace(normalize(coalesce(nullif(trim(business_name), ''), first_name), NFD), '[^a-zA-Z0-9]+', '-', 'g'));
  stem := trim(both '-' from left(trim(both '-' from stem), 24));
  IF stem = '' THEN stem := 'lister'; END IF;
  LOOP
    candidate := stem || '-' || substr(md5(gen_random_uuid()::text), 1, 8);
    EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE handle = candidate);
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
CREATE FUNCTION users_set_handle() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.handle := user_new_handle(NEW.first_name, NEW.business_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_handle BEFORE INSERT ON "users"
  FOR EACH ROW WHEN (NEW.handle = '') EXECUTE FUNCTION users_set_handle();--> statement-breakpoint
-- One account at a time, so each draw sees the handles given before it.
DO $$
DECLARE
  account record;
BEGIN
  FOR account IN SELECT id, first_name, business_name FROM users WHERE handle = '' LOOP
    UPDATE users SET handle = user_new_handle(account.first_name, account.business_name)
      WHERE id = account.id;
  END LOOP;
END $$;--> statement-breakpoint
-- Ratings were the demo's invented numbers until now; from here they come from reviews only.
UPDATE "properties" SET "average_rating" = 0, "review_count" = 0
  WHERE "average_rating" <> 0 OR "review_count" <> 0;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_handle_unique" UNIQUE("handle");