-- Ghana's own words for what is let (issue 34): the type `room` is now `single_room`, beside the
-- new townhouse, chamber_and_hall, self_contained and hostel (common/property-enums.ts). Listings
-- keep everything else; the change log trigger (0019) tells every server's search index.
UPDATE "properties" SET "property_type" = 'single_room' WHERE "property_type" = 'room';
--> statement-breakpoint
-- Saved searches keep their search as its URL said it: one for rooms now asks for single rooms,
-- under either name of the filter (`type` is the spec's alias).
UPDATE "saved_searches" SET "query" = jsonb_set("query", '{propertyType}', '"single_room"')
  WHERE "query" ->> 'propertyType' = 'room';
--> statement-breakpoint
UPDATE "saved_searches" SET "query" = jsonb_set("query", '{type}', '"single_room"')
  WHERE "query" ->> 'type' = 'room';
