-- Issue 10: item photos gain a 300×225 card and an 800 px detail rendition. Existing rows keep
-- the default 1 (detail and card only) until the background backfill (uploads.backfill.ts) has
-- made the new files and set 2; the index lets it find the rows left to do, a few at a time.
-- A constant default adds the column without rewriting the table (PostgreSQL 11 and later).
ALTER TABLE "uploads" ADD COLUMN "renditions" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "uploads_renditions_idx" ON "uploads" USING btree ("renditions","id");