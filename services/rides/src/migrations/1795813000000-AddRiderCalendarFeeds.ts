import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddRiderCalendarFeeds1795813000000 implements MigrationInterface {
  name = 'AddRiderCalendarFeeds1795813000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."rider_calendar_feeds" ("user_id" uuid NOT NULL, "secret_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_a2d1f4ff2732b1a4f22307a0865" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_rider_calendar_feeds_secret_hash" ON "rides"."rider_calendar_feeds" ("secret_hash") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_rider_calendar_feeds_secret_hash"`);
    await queryRunner.query(`DROP TABLE "rides"."rider_calendar_feeds"`);
  }
}
