CREATE TABLE "contact_reveal_addresses" (
	"address" text NOT NULL,
	"property_id" uuid NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_reveal_addresses_address_property_id_pk" PRIMARY KEY("address","property_id")
);
--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "reporter_phone" text;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "reporter_email_key" text;--> statement-breakpoint
ALTER TABLE "contact_reveal_addresses" ADD CONSTRAINT "contact_reveal_addresses_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_reveal_addresses_address_last_idx" ON "contact_reveal_addresses" USING btree ("address","last_at");--> statement-breakpoint
CREATE INDEX "contact_reveal_addresses_last_idx" ON "contact_reveal_addresses" USING btree ("last_at");--> statement-breakpoint
-- Reports made before issue 34 take their reporter as the account is now: its phone if
-- verified, and its e-mail's mailbox as common/email-identity.ts computes it (lower case, no
-- +tag, and at Gmail no dots and googlemail.com as gmail.com).
UPDATE "listing_reports" AS r SET
	"reporter_phone" = CASE WHEN u."phone_verified" THEN u."phone" END,
	"reporter_email_key" = CASE
		WHEN u."email" IS NULL OR position('@' in u."email") = 0 THEN lower(u."email")
		ELSE (
			SELECT CASE
				WHEN p.domain IN ('gmail.com', 'googlemail.com') THEN replace(p.local, '.', '') || '@gmail.com'
				ELSE p.local || '@' || p.domain
			END
			FROM (SELECT
				CASE WHEN left(l.local, 1) = '+' THEN l.local ELSE regexp_replace(l.local, '\+.*$', '') END AS local,
				l.domain
				FROM (SELECT
					regexp_replace(lower(trim(u."email")), '@[^@]*$', '') AS local,
					substring(lower(trim(u."email")) from '@([^@]*)$') AS domain) AS l) AS p
		)
	END
FROM "users" AS u
WHERE u."id" = r."reporter_id";
