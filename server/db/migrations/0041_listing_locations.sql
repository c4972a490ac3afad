-- Issue 39: a listing's point, its public blur, and an optional GhanaPost GPS code.
ALTER TABLE "properties" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "ghana_post_gps" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "location_salt" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_latitude" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "public_longitude" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The public point (docs/decisions/032-locations.md): the exact point's cell of a 150 m grid,
-- then a point 160 to 190 m from the cell's centre in a direction and at a distance drawn from
-- the listing's secret salt and the cell. So it is 50 to 300 m from the exact point, the same
-- every time, unchanged while the pin moves within its cell, and somewhere else entirely when
-- it leaves it: neither averaged out over edits nor followed step by step. Kept here, like the
-- rent in cedis, so that every write of a point (an owner's, an administrator's approval, a
-- migration) gets its blur and no writer can forget it.
CREATE FUNCTION listing_public_point() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metres_per_degree constant double precision := 111320;
  cell constant double precision := 150 / 111320.0;
  cell_row bigint;
  cell_col bigint;
  centre_lat double precision;
  lng_scale double precision;
  centre_lng double precision;
  digest bytea;
  angle double precision;
  reach double precision;
BEGIN
  cell_row := floor(NEW.latitude / cell);
  centre_lat := (cell_row + 0.5) * cell;
  lng_scale := cos(radians(centre_lat));
  cell_col := floor(NEW.longitude * lng_scale / cell);
  centre_lng := (cell_col + 0.5) * cell / lng_scale;
  digest := sha256(convert_to(NEW.location_salt::text || ':' || cell_row || ':' || cell_col, 'UTF8'));
  angle := (get_byte(digest, 0) * 256 + get_byte(digest, 1)) / 65536.0 * 2 * pi();
  reach := 160 + (get_byte(digest, 2) * 256 + get_byte(digest, 3)) / 65536.0 * 30;
  NEW.public_latitude := round((centre_lat + reach * cos(angle) / metres_per_degree)::numeric, 6);
  NEW.public_longitude := round((centre_lng + reach * sin(angle) / (metres_per_degree * lng_scale))::numeric, 6);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER listing_public_point BEFORE INSERT OR UPDATE OF latitude, longitude, location_salt
  ON properties FOR EACH ROW EXECUTE FUNCTION listing_public_point();--> statement-breakpoint
-- Listings made before pins: their city's centre (common/locations.ts, as it is today) plus up
-- to about a kilometre each way, drawn from the id so that they do not all stand on one spot.
UPDATE properties AS p SET
  latitude = coalesce(c.latitude, 5.6037) + (('x' || substr(replace(p.id::text, '-', ''), 1, 4))::bit(16)::int / 65535.0 - 0.5) * 0.02,
  longitude = coalesce(c.longitude, -0.1870) + (('x' || substr(replace(p.id::text, '-', ''), 5, 4))::bit(16)::int / 65535.0 - 0.5) * 0.02
FROM properties AS q LEFT JOIN (VALUES
  ('Ghana', 'Accra', 5.6037, -0.187),
  ('Ghana', 'Kumasi', 6.6885, -1.6244),
  ('Ghana', 'Tamale', 9.4008, -0.8393),
  ('Ghana', 'Takoradi', 4.8845, -1.7554),
  ('Ghana', 'Cape Coast', 5.1053, -1.2466),
  ('Ghana', 'Tema', 5.6698, -0.0166),
  ('Ghana', 'Sunyani', 7.3349, -2.3123),
  ('Ghana', 'Koforidua', 6.0941, -0.2591),
  ('Ghana', 'Ho', 6.6008, 0.4713),
  ('Ghana', 'Bolgatanga', 10.7856, -0.8514),
  ('Ghana', 'Wa', 10.0601, -2.5099),
  ('Ghana', 'Techiman', 7.5909, -1.9344),
  ('Ghana', 'Obuasi', 6.206, -1.663),
  ('Ghana', 'Nkawkaw', 6.55, -0.7667),
  ('Ghana', 'Winneba', 5.3511, -0.6231),
  ('Ghana', 'Kasoa', 5.5345, -0.4168),
  ('Ghana', 'Teshie', 5.583, -0.107),
  ('Ghana', 'Madina', 5.683, -0.165),
  ('Ghana', 'Ashaiman', 5.695, -0.03),
  ('Ghana', 'Hohoe', 7.1519, 0.4738),
  ('California USA', 'Los Angeles', 34.0522, -118.2437),
  ('California USA', 'San Francisco', 37.7749, -122.4194),
  ('California USA', 'San Diego', 32.7157, -117.1611),
  ('California USA', 'San Jose', 37.3382, -121.8863),
  ('California USA', 'Sacramento', 38.5816, -121.4944),
  ('Jamaica', 'Kingston', 18.0179, -76.8099),
  ('Jamaica', 'Montego Bay', 18.4762, -77.8939),
  ('Jamaica', 'Ocho Rios', 18.4074, -77.1031),
  ('Jamaica', 'Negril', 18.2683, -78.3476),
  ('Jamaica', 'Spanish Town', 17.9911, -76.9574),
  ('Dominican Republic', 'Santo Domingo', 18.4861, -69.9312),
  ('Dominican Republic', 'Santiago de los Caballeros', 19.4517, -70.697),
  ('Dominican Republic', 'Punta Cana', 18.5601, -68.3725),
  ('Dominican Republic', 'Puerto Plata', 19.7934, -70.6884),
  ('Dominican Republic', 'La Romana', 18.4273, -68.9728)
) AS c(country, city, latitude, longitude) ON c.country = q.country AND c.city = q.city
WHERE q.id = p.id;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "latitude" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "longitude" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_live_public_point_idx" ON "properties" USING gist (point("public_longitude", "public_latitude")) WHERE "properties"."is_verified" AND "properties"."is_active";
