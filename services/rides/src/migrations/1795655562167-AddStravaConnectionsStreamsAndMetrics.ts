import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddStravaConnectionsStreamsAndMetrics1795655562167 implements MigrationInterface {
  name = 'AddStravaConnectionsStreamsAndMetrics1795655562167';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_start"`);
    await queryRunner.query(`CREATE TABLE "rides"."rider_profiles" ("user_id" uuid NOT NULL, "ftp_watts" integer, "time_zone" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_eb61b4b5bcd3ad3a6c14f491dbb" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "rides"."ride_streams" ("ride_id" uuid NOT NULL, "user_id" uuid NOT NULL, "format" smallint NOT NULL, "samples" integer NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2434ca8b4f988a38cdaafb3e516" PRIMARY KEY ("ride_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_ride_streams_user" ON "rides"."ride_streams"  ("user_id") `);
    await queryRunner.query(`CREATE TABLE "rides"."strava_connections" ("user_id" uuid NOT NULL, "athlete_id" text NOT NULL, "scope" text NOT NULL, "access_token_encrypted" text NOT NULL, "refresh_token_encrypted" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "connected_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_synced_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7ee7783d8adf96bc1ef11059ec9" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_strava_connections_athlete" ON "rides"."strava_connections"  ("athlete_id") `);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "time_zone" text`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "weighted_average_watts" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "max_watts" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "max_heartrate" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "trainer" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "commute" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "is_private" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "metrics" jsonb`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "best20_minute_power" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "best20_minute_heartrate" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "streams_fetched_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_start_id" ON "rides"."rides"  ("user_id", "start_date", "id") `);
    await queryRunner.query(`ALTER TABLE "rides"."ride_streams" ADD CONSTRAINT "FK_2434ca8b4f988a38cdaafb3e516" FOREIGN KEY ("ride_id") REFERENCES "rides"."rides"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."ride_streams" DROP CONSTRAINT "FK_2434ca8b4f988a38cdaafb3e516"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_start_id"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "streams_fetched_at"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "best20_minute_heartrate"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "best20_minute_power"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "metrics"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "is_private"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "commute"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "trainer"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "max_heartrate"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "max_watts"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "weighted_average_watts"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "time_zone"`);
    await queryRunner.query(`DROP INDEX "rides"."uq_strava_connections_athlete"`);
    await queryRunner.query(`DROP TABLE "rides"."strava_connections"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_ride_streams_user"`);
    await queryRunner.query(`DROP TABLE "rides"."ride_streams"`);
    await queryRunner.query(`DROP TABLE "rides"."rider_profiles"`);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_start" ON "rides"."rides" USING btree ("user_id", "start_date") `);
  }
}
