-- SPEC §9's great-circle distance in kilometres, with its Earth radius of 3959 miles
-- (3959 × 1.609344 = 6371.392896 km; common/limits.ts holds the same figures). A plain SQL
-- function, immutable, so the planner inlines it: search queries stay as fast as when the
-- formula was written out in each of them, and far shorter to build and send.
CREATE FUNCTION ll_great_circle_km(lat1 float8, lng1 float8, lat2 float8, lng2 float8)
RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT 2 * 6371.392896 * asin(sqrt(
    power(sin(radians(lat1 - lat2) / 2), 2) +
    cos(radians(lat2)) * cos(radians(lat1)) * power(sin(radians(lng1 - lng2) / 2), 2)))
$$;
