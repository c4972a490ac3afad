-- Issue 50: per kind of notice, how it reaches the account (users.*_notices: email, sms, both,
-- none), and a lister's block of a renter on all of the lister's listings (lister_blocks).
-- Existing unread-message switches become the enquiries' choice; existing per-conversation
-- blocks by a lister become lister-wide blocks.
CREATE TABLE "lister_blocks" (
	"lister_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lister_blocks_lister_id_renter_id_pk" PRIMARY KEY("lister_id","renter_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "enquiry_notices" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "viewing_notices" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_notices" text DEFAULT 'both' NOT NULL;--> statement-breakpoint
ALTER TABLE "lister_blocks" ADD CONSTRAINT "lister_blocks_lister_id_users_id_fk" FOREIGN KEY ("lister_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lister_blocks" ADD CONSTRAINT "lister_blocks_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "users" SET "enquiry_notices" = CASE
	WHEN "messages_by_email" AND "messages_by_sms" THEN 'both'
	WHEN "messages_by_email" THEN 'email'
	WHEN "messages_by_sms" THEN 'sms'
	ELSE 'none'
END;--> statement-breakpoint
INSERT INTO "lister_blocks" ("lister_id", "renter_id", "created_at")
SELECT "lister_id", "renter_id", min("lister_blocked_at") FROM "conversations"
WHERE "lister_blocked_at" IS NOT NULL
GROUP BY "lister_id", "renter_id"
ON CONFLICT DO NOTHING;
