-- Issue 11 allows one pending report per reporter and reported parent. Reports filed twice
-- before that rule keep their first copy pending; later copies are marked dismissed.
UPDATE "user_reports" AS later SET "status" = 'dismissed'
WHERE later."status" = 'pending'
  AND EXISTS (
    SELECT 1 FROM "user_reports" AS first
    WHERE first."status" = 'pending'
      AND first."reporter_id" = later."reporter_id"
      AND first."reported_user_id" = later."reported_user_id"
      AND first."id" < later."id"
  );
