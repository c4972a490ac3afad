-- Issue 50: reviews and answers held for an administrator when their words carry contact
-- details, a payment request or a link; a renter's "I was there" to a no-show.
ALTER TABLE "reviews" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_reasons" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "no_show_disputed_at" timestamp with time zone;