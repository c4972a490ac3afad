-- Issue 50: perceptual hashes of listing photos (photo_fingerprints), so the approval screen
-- shows a photo that is also on another lister's listing. Photos uploaded before this have no
-- row: the server hashes them from their stored files (admin feature's hourly sweep, and at
-- once for a listing on the approval screen); SQL cannot decode a picture.
CREATE TABLE "photo_fingerprints" (
	"photo_key" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"crop_hashes" text[] NOT NULL,
	"bands" integer[] NOT NULL,
	"crop_bands" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "photo_fingerprints_bands_idx" ON "photo_fingerprints" USING gin ("bands");--> statement-breakpoint
CREATE INDEX "photo_fingerprints_crop_bands_idx" ON "photo_fingerprints" USING gin ("crop_bands");