-- Issue 15: browse's default order (Premium first, then newest) carries the columns every
-- listing checks (owner, early access, moderation), so the page and its capped count (up to
-- 1,001 rows) read the index alone where the table's visibility map allows, instead of
-- 1,001 table rows: a third of the newest-items request's database time.
-- items_browse_idx keeps its name, columns and predicate (server/db/schema.ts); only INCLUDE is new.
DROP INDEX IF EXISTS "items_browse_idx";--> statement-breakpoint
CREATE INDEX "items_browse_idx" ON "items" USING btree ("is_priority" DESC NULLS FIRST, "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("user_id", "early_access_until", "flagged_for_review", "moderator_reviewed") WHERE "items"."is_available" and not "items"."is_hidden";
