CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid,
	"original_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"status" text DEFAULT 'scanning' NOT NULL,
	"scan_result" text,
	"edited_file_name" text,
	"edited_size" bigint,
	"edited_mime_type" text,
	"approved_at" timestamp with time zone,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "videos_edited_file_name_unique" UNIQUE("edited_file_name")
);
--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "videos_user_idx" ON "videos" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "videos_pending_idx" ON "videos" USING btree ("uploaded_at") WHERE status <> 'approved';