-- Issue 50: notices nobody can pump. notice_tallies counts each address's and number's notices
-- of the day (at most 10 SMS and 30 e-mails, security codes and resets aside); folded_notices
-- holds those past the cap for the daily digest. A viewing keeps its lister's request notice
-- while it is held (10 minutes), and when the lister was last told of the pair's requests.
CREATE TABLE "folded_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"notification" jsonb NOT NULL,
	"folded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_tallies" (
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "notice_tallies_channel_recipient_day_pk" PRIMARY KEY("channel","recipient","day")
);
--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "request_notice_id" text;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "lister_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "folded_notices_recipient_idx" ON "folded_notices" USING btree ("channel","recipient");--> statement-breakpoint
CREATE INDEX "folded_notices_folded_at_idx" ON "folded_notices" USING btree ("folded_at");