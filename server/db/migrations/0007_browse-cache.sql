ALTER TABLE "users" ADD COLUMN "block_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listing_early_access_until" timestamp with time zone;--> statement-breakpoint
-- Existing blocks and listings fill the new columns.
UPDATE "users" SET "block_count" = counted.n
FROM (
  SELECT id, count(*)::int AS n FROM (
    SELECT "blocker_id" AS id FROM "user_blocks" UNION ALL SELECT "blocked_id" FROM "user_blocks"
  ) ends GROUP BY id
) counted
WHERE "users"."id" = counted.id;--> statement-breakpoint
UPDATE "users" SET "listing_early_access_until" = newest.until
FROM (
  SELECT "user_id", max("early_access_until") AS until FROM "items"
  WHERE "early_access_until" IS NOT NULL GROUP BY "user_id"
) newest
WHERE "users"."id" = newest."user_id";
