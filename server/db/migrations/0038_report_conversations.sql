CREATE TABLE "report_conversations" (
	"report_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"attached_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_conversations" ADD CONSTRAINT "report_conversations_report_id_listing_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."listing_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_conversations" ADD CONSTRAINT "report_conversations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_conversations_conversation_idx" ON "report_conversations" USING btree ("conversation_id");