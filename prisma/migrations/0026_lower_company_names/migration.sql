-- Hand-written: GET /games's developer and publisher filters match a name case-insensitively. Tested as
-- EXISTS over unnest(developers), each filter read all 83,000 games (268 ms for developer=Valve). The
-- lower-cased name lists are GIN-indexed instead, and the filter is containment in them (0.3 ms).
-- lower_names(NULL) and lower_names('{}') are NULL, which contains nothing, as EXISTS over them found nothing.
CREATE FUNCTION "lower_names"(text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS 'SELECT array_agg(lower(n)) FROM unnest($1) AS n';

CREATE INDEX IF NOT EXISTS "games_developers_lower_idx" ON "games" USING GIN ("lower_names"("developers"));
CREATE INDEX IF NOT EXISTS "games_publishers_lower_idx" ON "games" USING GIN ("lower_names"("publishers"));
