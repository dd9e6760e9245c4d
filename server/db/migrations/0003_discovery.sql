ALTER TABLE "items" ADD COLUMN "size" varchar(50);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(brand, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "has_position" boolean GENERATED ALWAYS AS (latitude is not null and longitude is not null and not (latitude = 0 and longitude = 0)) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "grid_latitude" numeric(7, 4) GENERATED ALWAYS AS ((floor(latitude * 100) + 0.5) / 100) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "grid_longitude" numeric(8, 4) GENERATED ALWAYS AS ((floor(longitude * 100) + 0.5) / 100) STORED;--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_title_trgm_idx" ON "items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_brand_trgm_idx" ON "items" USING gin ("brand" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_earth_idx" ON "items" USING gist (ll_to_earth("grid_latitude"::float8, "grid_longitude"::float8)) WHERE "items"."has_position";--> statement-breakpoint
CREATE INDEX "items_browse_idx" ON "items" USING btree ("is_priority" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."is_available" and not "items"."is_hidden";--> statement-breakpoint
CREATE INDEX "items_newest_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."is_available" and not "items"."is_hidden";--> statement-breakpoint
CREATE INDEX "items_no_position_idx" ON "items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "items"."is_available" and not "items"."is_hidden" and not "items"."has_position";