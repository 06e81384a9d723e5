import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RiderUnits1795737348769 implements MigrationInterface {
  name = 'RiderUnits1795737348769';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" ADD "units" text NOT NULL DEFAULT 'imperial'`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" ADD CONSTRAINT "rider_profiles_units" CHECK (units IN ('imperial', 'metric'))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" DROP CONSTRAINT "rider_profiles_units"`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" DROP COLUMN "units"`);
  }
}
