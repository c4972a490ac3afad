ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "renter_no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "evening_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "soon_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "viewings" ADD COLUMN "reminders_sent" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "viewings_confirmed_idx" ON "viewings" USING btree ("starts_at") WHERE status = 'confirmed';