-- Issue 40: when a listing's reviews last changed, so every server sees the change (listing-rating.ts).
ALTER TABLE "properties" ADD COLUMN "reviews_changed_at" timestamp with time zone;