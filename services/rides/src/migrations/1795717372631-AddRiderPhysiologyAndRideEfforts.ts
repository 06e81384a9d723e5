import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddRiderPhysiologyAndRideEfforts1795717372631 implements MigrationInterface {
  name = 'AddRiderPhysiologyAndRideEfforts1795717372631';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" ADD "threshold_heartrate" integer`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" ADD "max_heartrate" integer`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" ADD "weight_kg" double precision`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "efforts" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "efforts"`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" DROP COLUMN "weight_kg"`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" DROP COLUMN "max_heartrate"`);
    await queryRunner.query(`ALTER TABLE "rides"."rider_profiles" DROP COLUMN "threshold_heartrate"`);
  }
}
