-- Every change to a listing, and every change of an owner's account type (every card shows
-- it), as one small row written by triggers, whoever writes (a server, a script, psql). Each
-- server's search index reads the rows written since its last look (issue 16), so keeping
-- servers in step costs in proportion to the changes, not to the catalogue. A row with neither
-- id (TRUNCATE) means everything changed. Rows older than an hour are deleted by the servers.
CREATE TABLE "listing_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"property_id" uuid,
	"owner_id" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_changes_changed_at_idx" ON "listing_changes" USING btree ("changed_at");
--> statement-breakpoint
CREATE FUNCTION log_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO listing_changes (property_id) VALUES (OLD.id);
  ELSE
    INSERT INTO listing_changes (property_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_log_changes AFTER INSERT OR UPDATE OR DELETE ON "properties"
  FOR EACH ROW EXECUTE FUNCTION log_listing_change();
--> statement-breakpoint
CREATE FUNCTION log_listings_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_changes (property_id, owner_id) VALUES (NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_log_truncate AFTER TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION log_listings_truncated();
--> statement-breakpoint
CREATE FUNCTION log_owner_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_changes (owner_id) VALUES (NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_log_type_changes AFTER UPDATE OF user_type ON "users"
  FOR EACH ROW WHEN (OLD.user_type IS DISTINCT FROM NEW.user_type)
  EXECUTE FUNCTION log_owner_change();
