import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each rider's lifetime totals (rides, distance, moving time, climbing, seconds per power and
 * heart-rate zone) in rider_ride_totals, kept by statement-level triggers on rides.rides so every
 * writer keeps them exact in its own transaction; and a covering index for the windowed aggregates.
 * For a rider with 10,000 rides the lifetime analytics went from summing every ride (a 2,000-page
 * heap scan and 120,000 unnested jsonb zone rows, 60 ms) to one row plus index-only range scans.
 * The zone counts (7 power, 5 heart rate) are POWER_ZONE_NAMES and HEART_RATE_ZONE_NAMES.
 * The totals table and its constraint were generated; the rest is hand-written (TypeORM cannot
 * declare triggers or INCLUDE; the index is `synchronize: false` on RideEntity).
 */
export class AddRiderRideTotals1795677314690 implements MigrationInterface {
  name = 'AddRiderRideTotals1795677314690';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."rider_ride_totals" ("user_id" uuid NOT NULL, "rides" integer NOT NULL, "distance_m" double precision NOT NULL, "moving_time_s" bigint NOT NULL, "elevation_m" double precision NOT NULL, "power_zone_seconds" bigint array NOT NULL, "heart_rate_zone_seconds" bigint array NOT NULL, CONSTRAINT "PK_d01d606176ad28f968bd473107b" PRIMARY KEY ("user_id"))`);
    // seconds per zone 1..zone_count of a metrics zone list ([{zone, seconds}]); null without one
    await queryRunner.query(`CREATE FUNCTION "rides"."zone_seconds"(zones jsonb, zone_count integer) RETURNS bigint[]
      LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN jsonb_typeof(zones) = 'array' AND jsonb_array_length(zones) > 0 THEN
          ARRAY(SELECT coalesce((SELECT sum((z->>'seconds')::bigint) FROM jsonb_array_elements(zones) z
                                 WHERE (z->>'zone')::int = k), 0)
                FROM generate_series(1, zone_count) k ORDER BY k)
        END
      $$`);
    await queryRunner.query(`CREATE FUNCTION "rides"."add_arrays"(a bigint[], b bigint[]) RETURNS bigint[]
      LANGUAGE sql IMMUTABLE AS $$
        SELECT ARRAY(SELECT coalesce(a[i], 0) + coalesce(b[i], 0)
                     FROM generate_series(1, greatest(cardinality(a), cardinality(b))) i ORDER BY i)
      $$`);
    // adds the `added` rides to their riders' totals and takes the `removed` ones away
    await queryRunner.query(`CREATE FUNCTION "rides"."apply_ride_totals"(added "rides"."rides"[], removed "rides"."rides"[])
      RETURNS void LANGUAGE sql AS $$
        INSERT INTO "rides"."rider_ride_totals" AS t
          (user_id, rides, distance_m, moving_time_s, elevation_m, power_zone_seconds, heart_rate_zone_seconds)
        SELECT r.user_id, sum(r.sign), sum(r.sign * r.distance_m), sum(r.sign * r.moving_time_s),
          sum(r.sign * r.total_elevation_gain_m),
          ARRAY[sum(r.sign * coalesce(r.p[1], 0)), sum(r.sign * coalesce(r.p[2], 0)), sum(r.sign * coalesce(r.p[3], 0)),
                sum(r.sign * coalesce(r.p[4], 0)), sum(r.sign * coalesce(r.p[5], 0)), sum(r.sign * coalesce(r.p[6], 0)),
                sum(r.sign * coalesce(r.p[7], 0))]::bigint[],
          ARRAY[sum(r.sign * coalesce(r.h[1], 0)), sum(r.sign * coalesce(r.h[2], 0)), sum(r.sign * coalesce(r.h[3], 0)),
                sum(r.sign * coalesce(r.h[4], 0)), sum(r.sign * coalesce(r.h[5], 0))]::bigint[]
        FROM (
          SELECT c.user_id, c.sign, c.distance_m, c.moving_time_s, c.total_elevation_gain_m,
            "rides"."zone_seconds"(c.metrics->'powerZones', 7) AS p,
            "rides"."zone_seconds"(c.metrics->'heartRateZones', 5) AS h
          FROM (
            SELECT a.user_id, 1 AS sign, a.distance_m, a.moving_time_s, a.total_elevation_gain_m, a.metrics FROM unnest(added) a
            UNION ALL
            SELECT d.user_id, -1, d.distance_m, d.moving_time_s, d.total_elevation_gain_m, d.metrics FROM unnest(removed) d
          ) c
        ) r
        GROUP BY r.user_id
        ON CONFLICT (user_id) DO UPDATE SET
          rides = t.rides + EXCLUDED.rides,
          distance_m = t.distance_m + EXCLUDED.distance_m,
          moving_time_s = t.moving_time_s + EXCLUDED.moving_time_s,
          elevation_m = t.elevation_m + EXCLUDED.elevation_m,
          power_zone_seconds = "rides"."add_arrays"(t.power_zone_seconds, EXCLUDED.power_zone_seconds),
          heart_rate_zone_seconds = "rides"."add_arrays"(t.heart_rate_zone_seconds, EXCLUDED.heart_rate_zone_seconds);
        -- a rider without rides keeps no totals (a purge leaves nothing behind)
        DELETE FROM "rides"."rider_ride_totals"
        WHERE rides <= 0 AND user_id IN (SELECT d.user_id FROM unnest(removed) d);
      $$`);
    // an update counts only when it changed a summed field (marking feedback, fetching streams' time do not)
    await queryRunner.query(`CREATE FUNCTION "rides"."rides_totals_trigger"() RETURNS trigger
      LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM "rides"."apply_ride_totals"(ARRAY(SELECT n::"rides"."rides" FROM new_rows n), '{}');
          ELSIF TG_OP = 'DELETE' THEN
            PERFORM "rides"."apply_ride_totals"('{}', ARRAY(SELECT o::"rides"."rides" FROM old_rows o));
          ELSE
            PERFORM "rides"."apply_ride_totals"(
              ARRAY(SELECT n::"rides"."rides" FROM new_rows n JOIN old_rows o ON o.id = n.id
                    WHERE (n.user_id, n.distance_m, n.moving_time_s, n.total_elevation_gain_m, n.metrics)
                          IS DISTINCT FROM (o.user_id, o.distance_m, o.moving_time_s, o.total_elevation_gain_m, o.metrics)),
              ARRAY(SELECT o::"rides"."rides" FROM old_rows o JOIN new_rows n ON n.id = o.id
                    WHERE (n.user_id, n.distance_m, n.moving_time_s, n.total_elevation_gain_m, n.metrics)
                          IS DISTINCT FROM (o.user_id, o.distance_m, o.moving_time_s, o.total_elevation_gain_m, o.metrics)));
          END IF;
          RETURN NULL;
        END
      $$`);
    await queryRunner.query(`CREATE TRIGGER "trg_rides_totals_insert" AFTER INSERT ON "rides"."rides"
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rides"."rides_totals_trigger"()`);
    await queryRunner.query(`CREATE TRIGGER "trg_rides_totals_update" AFTER UPDATE ON "rides"."rides"
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rides"."rides_totals_trigger"()`);
    await queryRunner.query(`CREATE TRIGGER "trg_rides_totals_delete" AFTER DELETE ON "rides"."rides"
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rides"."rides_totals_trigger"()`);
    await queryRunner.query(`SELECT "rides"."apply_ride_totals"(ARRAY(SELECT r FROM "rides"."rides" r), '{}')`);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_start_totals" ON "rides"."rides" ("user_id", "start_date")
      INCLUDE ("distance_m", "moving_time_s", "total_elevation_gain_m", "average_speed_mps", "average_watts",
        "device_watts", "average_heartrate", "average_cadence")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_start_totals"`);
    await queryRunner.query(`DROP TRIGGER "trg_rides_totals_delete" ON "rides"."rides"`);
    await queryRunner.query(`DROP TRIGGER "trg_rides_totals_update" ON "rides"."rides"`);
    await queryRunner.query(`DROP TRIGGER "trg_rides_totals_insert" ON "rides"."rides"`);
    await queryRunner.query(`DROP FUNCTION "rides"."rides_totals_trigger"()`);
    await queryRunner.query(`DROP FUNCTION "rides"."apply_ride_totals"("rides"."rides"[], "rides"."rides"[])`);
    await queryRunner.query(`DROP FUNCTION "rides"."add_arrays"(bigint[], bigint[])`);
    await queryRunner.query(`DROP FUNCTION "rides"."zone_seconds"(jsonb, integer)`);
    await queryRunner.query(`DROP TABLE "rides"."rider_ride_totals"`);
  }
}
