-- Issue 50: a listing's address was one line shown to everyone ("12 Oxford Street, Osu"). It
-- becomes two: `address`, the public area line, and `street_address`, which only the owner,
-- administrators and a renter with a confirmed viewing read. Every listing keeps its text as
-- its street address; its area line is what follows the parts that name a street or house
-- (those with a digit), or "city, country" when nothing is left that is surely not one.
ALTER TABLE "properties" ADD COLUMN "street_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE FUNCTION listing_area_line(address text, city text, country text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  area text;
BEGIN
  IF address IS NULL OR address = city || ', ' || country THEN
    RETURN city || ', ' || country;
  END IF;
  IF position(',' in address) > 0 THEN
    -- "12 Oxford Street, Osu" -> "Osu"; "Plot 4, Adenta Housing Down, Adenta" -> the last two.
    area := btrim(regexp_replace(address, '^(\s*[^,]*[0-9][^,]*,)+', ''));
  ELSE
    -- One part: an area ("Osu") unless it names a number ("12 Oxford Street").
    area := btrim(address);
  END IF;
  IF area = '' OR area ~ '[0-9]' THEN
    RETURN city || ', ' || country;
  END IF;
  RETURN area;
END $$;--> statement-breakpoint
UPDATE "properties" SET
  "street_address" = CASE WHEN "address" = "city" || ', ' || "country" THEN '' ELSE "address" END,
  "address" = listing_area_line("address", "city", "country");--> statement-breakpoint
-- The approved values and the changes waiting for review speak of the same two lines, so an
-- approval screen does not show the split as the owner's change.
UPDATE "properties" SET "approved_snapshot" = "approved_snapshot"
    || jsonb_build_object(
      'address', listing_area_line("approved_snapshot"->>'address',
        coalesce("approved_snapshot"->>'city', "city"), coalesce("approved_snapshot"->>'country', "country")),
      'streetAddress', CASE
        WHEN "approved_snapshot"->>'address' = coalesce("approved_snapshot"->>'city', "city") || ', '
          || coalesce("approved_snapshot"->>'country', "country") THEN ''
        ELSE "approved_snapshot"->>'address' END)
  WHERE "approved_snapshot" ? 'address';--> statement-breakpoint
UPDATE "properties" SET "pending_changes" = jsonb_set("pending_changes", '{values}',
    ("pending_changes"->'values') || jsonb_build_object(
      'address', listing_area_line("pending_changes"->'values'->>'address',
        coalesce("pending_changes"->'values'->>'city', "city"),
        coalesce("pending_changes"->'values'->>'country', "country")),
      'streetAddress', "pending_changes"->'values'->>'address'))
  WHERE "pending_changes"->'values' ? 'address';--> statement-breakpoint
DROP FUNCTION listing_area_line(text, text, text);
