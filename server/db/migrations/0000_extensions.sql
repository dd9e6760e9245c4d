-- drizzle-kit never writes CREATE EXTENSION; search (pg_trgm, fuzzystrmatch) and distance
-- (cube, earthdistance) need these on PGlite and PostgreSQL alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
