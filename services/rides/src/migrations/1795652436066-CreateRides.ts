import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateRides1795652436066 implements MigrationInterface {
  name = 'CreateRides1795652436066';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."outbox_events" ("id" uuid NOT NULL, "name" text NOT NULL, "version" integer NOT NULL, "payload" jsonb NOT NULL, "correlation_id" text, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6689a16c00d09b8089f6237f1d2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_outbox_events_unpublished" ON "rides"."outbox_events"  ("occurred_at") WHERE published_at IS NULL`);
    await queryRunner.query(`CREATE TABLE "rides"."processed_events" ("event_id" uuid NOT NULL, "name" text NOT NULL, "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_585a690352092645ee665d70ac2" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`CREATE TABLE "rides"."rides" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "source" text NOT NULL, "external_id" text NOT NULL, "name" text, "sport_type" text, "start_date" TIMESTAMP WITH TIME ZONE NOT NULL, "distance_m" double precision NOT NULL DEFAULT '0', "moving_time_s" integer NOT NULL DEFAULT '0', "elapsed_time_s" integer NOT NULL DEFAULT '0', "total_elevation_gain_m" double precision NOT NULL DEFAULT '0', "average_speed_mps" double precision NOT NULL DEFAULT '0', "average_watts" double precision, "device_watts" boolean NOT NULL DEFAULT false, "average_heartrate" double precision, "average_cadence" double precision, "has_ai_feedback" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ca6f62fc1e999b139c7f28f07fd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_rides_source_external" ON "rides"."rides"  ("user_id", "source", "external_id") `);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_start" ON "rides"."rides"  ("user_id", "start_date") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_start"`);
    await queryRunner.query(`DROP INDEX "rides"."uq_rides_source_external"`);
    await queryRunner.query(`DROP TABLE "rides"."rides"`);
    await queryRunner.query(`DROP TABLE "rides"."processed_events"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "rides"."outbox_events"`);
  }
}
