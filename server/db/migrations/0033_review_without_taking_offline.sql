-- Review without taking listings offline (issue 34): an approved listing's edit waits here.
ALTER TABLE "properties" ADD COLUMN "pending_changes" jsonb;--> statement-breakpoint
CREATE INDEX "properties_pending_photos_idx" ON "properties" USING gin (("pending_changes" -> 'photos') jsonb_path_ops) WHERE "properties"."pending_changes" IS NOT NULL;