ALTER TABLE "users" ADD COLUMN "referral_rewarded_at" timestamp with time zone;--> statement-breakpoint
-- Parents referred before rewards waited for real use already received their week.
UPDATE "users" SET "referral_rewarded_at" = "updated_at" WHERE "referred_by" IS NOT NULL;
