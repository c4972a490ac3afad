CREATE TABLE "lister_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document" text,
	"document_number" text NOT NULL,
	"file_key" text,
	"file_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"files_deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "licensed_agent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lister_verifications" ADD CONSTRAINT "lister_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lister_verifications" ADD CONSTRAINT "lister_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lister_verifications_status_idx" ON "lister_verifications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lister_verifications_user_idx" ON "lister_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lister_verifications_one_pending_idx" ON "lister_verifications" USING btree ("user_id","kind") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "lister_verifications_files_idx" ON "lister_verifications" USING btree ("decided_at") WHERE file_key IS NOT NULL AND status <> 'pending';--> statement-breakpoint
-- Every card shows its lister's badges (issue 19) as well as their account type: a change of
-- any of them is a change of every listing of that owner for the search index (0019).
DROP TRIGGER "users_log_type_changes" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_log_lister_changes AFTER UPDATE OF user_type, email_verified, phone_verified, identity_verified_at, licensed_agent_at ON "users"
  FOR EACH ROW WHEN (
    OLD.user_type IS DISTINCT FROM NEW.user_type
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.phone_verified IS DISTINCT FROM NEW.phone_verified
    OR (OLD.identity_verified_at IS NULL) <> (NEW.identity_verified_at IS NULL)
    OR (OLD.licensed_agent_at IS NULL) <> (NEW.licensed_agent_at IS NULL)
  )
  EXECUTE FUNCTION log_owner_change();
