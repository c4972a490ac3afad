ALTER TABLE "inbox_messages" ADD COLUMN "forward_delivery_id" uuid;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "delivery_id" uuid;