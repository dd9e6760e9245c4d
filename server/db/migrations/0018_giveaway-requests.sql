CREATE TABLE "item_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"note" text,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "exchanges_item_unique";--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "chosen_by" varchar(10) DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "draw_seed" varchar(64);--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "draw_entrants" json;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "safe_location_id" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "owner_pickup" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "giver_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "receiver_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "lapses_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "ended_by" integer;--> statement-breakpoint
ALTER TABLE "exchanges" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "requests_close_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_requests" ADD CONSTRAINT "item_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_requests_item_requester_unique" ON "item_requests" USING btree ("item_id","requester_id");--> statement-breakpoint
CREATE INDEX "item_requests_requester_idx" ON "item_requests" USING btree ("requester_id");--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_request_id_item_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."item_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_safe_location_id_safe_locations_id_fk" FOREIGN KEY ("safe_location_id") REFERENCES "public"."safe_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_item_live_unique" ON "exchanges" USING btree ("item_id") WHERE "exchanges"."status" in ('pending', 'completed');--> statement-breakpoint
CREATE INDEX "exchanges_item_idx" ON "exchanges" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "exchanges_lapse_idx" ON "exchanges" USING btree ("lapses_at") WHERE "exchanges"."status" = 'pending';--> statement-breakpoint
-- Exchanges from before requests were recorded by the owner alone: the owner's word is the
-- giver's confirmation. Where the receiver went on to review, they took part, and the handover
-- stands as confirmed by both.
UPDATE "exchanges" SET "chosen_by" = 'record', "giver_confirmed_at" = coalesce("completed_at", "created_at");--> statement-breakpoint
UPDATE "exchanges" SET "receiver_confirmed_at" = (
  SELECT min(r."created_at") FROM "reviews" r WHERE r."exchange_id" = "exchanges"."id" AND r."reviewer_id" = "exchanges"."buyer_id"
) WHERE "status" = 'completed';--> statement-breakpoint
-- Otherwise the handover waits for the receiver's word, and a review written on the owner's
-- word alone goes: only a handover both sides confirmed may move a rating.
DELETE FROM "reviews" r USING "exchanges" e
  WHERE r."exchange_id" = e."id" AND e."status" = 'completed' AND e."receiver_confirmed_at" IS NULL;--> statement-breakpoint
UPDATE "exchanges" SET "status" = 'pending', "completed_at" = NULL, "seller_rating" = NULL, "seller_review" = NULL,
  "lapses_at" = now() + interval '72 hours'
  WHERE "status" = 'completed' AND "receiver_confirmed_at" IS NULL;--> statement-breakpoint
-- A rating is its reviews: every parent's is recomputed from the rows behind it.
UPDATE "users" SET
  "total_ratings" = (SELECT count(*)::int FROM "reviews" r WHERE r."reviewed_user_id" = "users"."id"),
  "rating" = (SELECT coalesce(round(avg(r."rating"), 2), 0) FROM "reviews" r WHERE r."reviewed_user_id" = "users"."id");
