CREATE TABLE "viewing_hours" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"slot_minutes" integer NOT NULL,
	"windows" jsonb NOT NULL,
	"blocked_dates" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "viewings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"lister_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"reason" text,
	"suggested_starts_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "viewings_status_check" CHECK ("viewings"."status" in ('pending', 'confirmed', 'declined', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "event" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_event" jsonb;--> statement-breakpoint
ALTER TABLE "viewing_hours" ADD CONSTRAINT "viewing_hours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_lister_id_users_id_fk" FOREIGN KEY ("lister_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewings" ADD CONSTRAINT "viewings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_confirmed_slot_idx" ON "viewings" USING btree ("property_id","starts_at") WHERE status = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "viewings_pending_renter_idx" ON "viewings" USING btree ("property_id","renter_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "viewings_renter_idx" ON "viewings" USING btree ("renter_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_lister_idx" ON "viewings" USING btree ("lister_id","starts_at");--> statement-breakpoint
CREATE INDEX "viewings_property_idx" ON "viewings" USING btree ("property_id","starts_at");