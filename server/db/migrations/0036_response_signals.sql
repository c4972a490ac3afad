ALTER TABLE "users" ADD COLUMN "response_conversations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "response_median_minutes" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "response_reply_rate" real;--> statement-breakpoint
-- Listings show their lister's response signals (issue 37) as "usually replies within N
-- hours": when that changes (3 conversations reached or lost, or the median's hour), every
-- listing of the lister changes for the search index and its cached pages (0019, 0022).
DROP TRIGGER "users_log_lister_changes" ON "users";
--> statement-breakpoint
CREATE TRIGGER users_log_lister_changes AFTER UPDATE OF user_type, email_verified, phone_verified, identity_verified_at, licensed_agent_at, response_conversations, response_median_minutes ON "users"
  FOR EACH ROW WHEN (
    OLD.user_type IS DISTINCT FROM NEW.user_type
    OR OLD.email_verified IS DISTINCT FROM NEW.email_verified
    OR OLD.phone_verified IS DISTINCT FROM NEW.phone_verified
    OR (OLD.identity_verified_at IS NULL) <> (NEW.identity_verified_at IS NULL)
    OR (OLD.licensed_agent_at IS NULL) <> (NEW.licensed_agent_at IS NULL)
    OR (OLD.response_conversations >= 3) <> (NEW.response_conversations >= 3)
    OR (NEW.response_conversations >= 3
      AND ceil(OLD.response_median_minutes / 60.0) IS DISTINCT FROM ceil(NEW.response_median_minutes / 60.0))
  )
  EXECUTE FUNCTION log_owner_change();
