ALTER TABLE "properties" ADD COLUMN "hidden_by_admin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "hidden_reason" text;