-- Compare's facts and metrics per carrier over the home-zone days [{{from}}, {{to}}] (docs/lake.md, "Report").
-- Portable: the subset Spark SQL, Trino and DuckDB share. Every division is on a DOUBLE (Trino divides
-- integers as integers) with NULLIF on its denominator: a metric without a denominator is NULL ("—").
-- Placeholders, replaced by the caller before the text reaches an engine (shared/lake/report-sql.ts):
--   {{from}}, {{to}}         DATE 'YYYY-MM-DD' literals (the range's first and last home-zone day, inclusive)
--   {{days_in_range}}        the range's number of days, an integer literal (engines differ on date_diff)
--   {{road_limits}}          TRUE when the lake's analysis judged road limits, else FALSE (from _lake.json):
--                            without, the over-the-limit metrics are NULL, never 0
-- Output: one row per carrier (ordered by carrier); the fact columns, then one column per metric, named `metric_` and
-- the METRICS table's id with '-' as '_'. Drivers and HOS metrics are not here: the lake holds no
-- assignments and no HOS snapshots.
WITH
roster AS (
  SELECT carrier, COUNT(*) AS roster_size
  FROM vehicles
  GROUP BY carrier
),
day_facts AS (
  SELECT
    carrier,
    COUNT(*) AS vehicle_days_stored,
    SUM(CASE WHEN state = 'partial' THEN 1 ELSE 0 END) AS partial_vehicle_days,
    SUM(CASE WHEN points > 0 THEN 1 ELSE 0 END) AS vehicle_days_with_data,
    COUNT(DISTINCT CASE WHEN points > 0 THEN vehicle_id END) AS vehicles_with_data,
    COUNT(DISTINCT day) AS days_covered,
    SUM(distance_miles) AS miles,
    SUM(moving_seconds) AS moving_seconds,
    SUM(stationary_seconds) AS stationary_seconds,
    SUM(offline_seconds) AS offline_seconds,
    SUM(speeding_seconds) AS speeding_seconds,
    SUM(speeding_events) AS speeding_events,
    SUM(gaps) AS gaps,
    SUM(CASE WHEN moving_seconds > 0 THEN 1 ELSE 0 END) AS active_vehicle_days,
    COUNT(DISTINCT CASE WHEN moving_seconds > 0 THEN vehicle_id END) AS active_vehicles
  FROM days
  WHERE day BETWEEN {{from}} AND {{to}}
  GROUP BY carrier
),
trip_facts AS (
  SELECT carrier, COUNT(*) AS trip_count, SUM(distance_miles) AS trip_miles
  FROM trips
  WHERE day BETWEEN {{from}} AND {{to}}
  GROUP BY carrier
),
over_limit_facts AS (
  SELECT
    carrier,
    SUM(CASE WHEN tier = 'light' THEN 1 ELSE 0 END) AS over_limit_light,
    SUM(CASE WHEN tier = 'moderate' THEN 1 ELSE 0 END) AS over_limit_moderate,
    SUM(CASE WHEN tier = 'heavy' THEN 1 ELSE 0 END) AS over_limit_heavy,
    SUM(CASE WHEN tier = 'severe' THEN 1 ELSE 0 END) AS over_limit_severe,
    COUNT(*) AS over_limit_events,
    SUM(seconds) AS over_limit_seconds
  FROM events
  WHERE kind = 'over-limit' AND day BETWEEN {{from}} AND {{to}}
  GROUP BY carrier
),
carriers AS (
  SELECT carrier FROM roster
  UNION
  SELECT carrier FROM day_facts
),
facts AS (
  SELECT
    c.carrier,
    r.roster_size,
    {{days_in_range}} AS days_in_range,
    COALESCE(d.days_covered, 0) AS days_covered,
    COALESCE(d.vehicle_days_stored, 0) AS vehicle_days_stored,
    COALESCE(d.partial_vehicle_days, 0) AS partial_vehicle_days,
    COALESCE(d.vehicle_days_with_data, 0) AS vehicle_days_with_data,
    COALESCE(d.vehicles_with_data, 0) AS vehicles_with_data,
    CAST(COALESCE(d.miles, 0) AS DOUBLE) AS miles,
    CAST(COALESCE(d.moving_seconds, 0) AS DOUBLE) AS moving_seconds,
    CAST(COALESCE(d.stationary_seconds, 0) AS DOUBLE) AS stationary_seconds,
    CAST(COALESCE(d.offline_seconds, 0) AS DOUBLE) AS offline_seconds,
    CAST(COALESCE(d.speeding_seconds, 0) AS DOUBLE) AS speeding_seconds,
    COALESCE(d.speeding_events, 0) AS speeding_events,
    COALESCE(d.gaps, 0) AS gaps,
    COALESCE(d.active_vehicles, 0) AS active_vehicles,
    COALESCE(d.active_vehicle_days, 0) AS active_vehicle_days,
    COALESCE(t.trip_count, 0) AS trip_count,
    CAST(COALESCE(t.trip_miles, 0) AS DOUBLE) AS trip_miles,
    {{road_limits}} AS road_limits,
    COALESCE(o.over_limit_light, 0) AS over_limit_light,
    COALESCE(o.over_limit_moderate, 0) AS over_limit_moderate,
    COALESCE(o.over_limit_heavy, 0) AS over_limit_heavy,
    COALESCE(o.over_limit_severe, 0) AS over_limit_severe,
    COALESCE(o.over_limit_events, 0) AS over_limit_events,
    CAST(COALESCE(o.over_limit_seconds, 0) AS DOUBLE) AS over_limit_seconds
  FROM carriers c
  LEFT JOIN roster r ON r.carrier = c.carrier
  LEFT JOIN day_facts d ON d.carrier = c.carrier
  LEFT JOIN trip_facts t ON t.carrier = c.carrier
  LEFT JOIN over_limit_facts o ON o.carrier = c.carrier
)
SELECT
  f.*,
  -- coverage
  CAST(vehicles_with_data AS DOUBLE) / NULLIF(roster_size, 0) AS metric_coverage_vehicles,
  CAST(days_covered AS DOUBLE) / NULLIF(days_in_range, 0) AS metric_coverage_days,
  CAST(vehicle_days_stored AS DOUBLE) / NULLIF(roster_size * days_in_range, 0) AS metric_coverage_vehicle_days,
  -- exposure: a total over nothing stored is no value, not 0
  CASE WHEN vehicle_days_stored > 0 THEN miles END AS metric_miles,
  CASE WHEN vehicle_days_stored > 0 THEN moving_seconds / 3600.0 END AS metric_driving_hours,
  CASE WHEN vehicle_days_stored > 0 THEN active_vehicles END AS metric_active_vehicles,
  miles / NULLIF(CAST(active_vehicle_days AS DOUBLE), 0) AS metric_miles_per_vehicle_day,
  -- safety
  CAST(speeding_events AS DOUBLE) / NULLIF(miles, 0) * 1000 AS metric_speeding_per_1000mi,
  speeding_seconds / NULLIF(moving_seconds, 0) AS metric_speeding_time_share,
  CASE WHEN road_limits THEN CAST(over_limit_events AS DOUBLE) / NULLIF(miles, 0) * 1000 END AS metric_over_limit_per_1000mi,
  CASE WHEN road_limits THEN CAST(over_limit_severe AS DOUBLE) / NULLIF(miles, 0) * 1000 END AS metric_over_limit_severe_per_1000mi,
  CASE WHEN road_limits THEN CAST(over_limit_heavy AS DOUBLE) / NULLIF(miles, 0) * 1000 END AS metric_over_limit_heavy_per_1000mi,
  CASE WHEN road_limits THEN CAST(over_limit_moderate AS DOUBLE) / NULLIF(miles, 0) * 1000 END AS metric_over_limit_moderate_per_1000mi,
  CASE WHEN road_limits THEN CAST(over_limit_light AS DOUBLE) / NULLIF(miles, 0) * 1000 END AS metric_over_limit_light_per_1000mi,
  CASE WHEN road_limits THEN over_limit_seconds / NULLIF(moving_seconds, 0) END AS metric_over_limit_time_share,
  -- operations
  stationary_seconds / NULLIF(moving_seconds + stationary_seconds + offline_seconds, 0) AS metric_stationary_share,
  offline_seconds / NULLIF(moving_seconds + stationary_seconds + offline_seconds, 0) AS metric_offline_share,
  CAST(gaps AS DOUBLE) / NULLIF(vehicle_days_with_data, 0) AS metric_gaps_per_vehicle_day,
  trip_miles / NULLIF(CAST(trip_count AS DOUBLE), 0) AS metric_avg_trip_miles
FROM facts f
ORDER BY carrier
