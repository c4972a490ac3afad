CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"warnings" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"renter_id" uuid NOT NULL,
	"lister_id" uuid NOT NULL,
	"property_title" text NOT NULL,
	"property_city" text NOT NULL,
	"property_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_message_body" text NOT NULL,
	"last_message_sender_id" uuid NOT NULL,
	"renter_unread" integer DEFAULT 0 NOT NULL,
	"lister_unread" integer DEFAULT 0 NOT NULL,
	"renter_blocked_at" timestamp with time zone,
	"lister_blocked_at" timestamp with time zone,
	"first_reply_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_lister_id_users_id_fk" FOREIGN KEY ("lister_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_page_idx" ON "conversation_messages" USING btree ("conversation_id","sent_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_messages_sender_idx" ON "conversation_messages" USING btree ("sender_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_property_renter_idx" ON "conversations" USING btree ("property_id","renter_id") WHERE property_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_renter_idx" ON "conversations" USING btree ("renter_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_lister_idx" ON "conversations" USING btree ("lister_id","last_message_at" DESC NULLS LAST);