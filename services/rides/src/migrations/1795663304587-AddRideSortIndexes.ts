import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddRideSortIndexes1795663304587 implements MigrationInterface {
  name = 'AddRideSortIndexes1795663304587';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "idx_rides_user_speed_id" ON "rides"."rides"  ("user_id", "average_speed_mps", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_moving_time_id" ON "rides"."rides"  ("user_id", "moving_time_s", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_rides_user_distance_id" ON "rides"."rides"  ("user_id", "distance_m", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_distance_id"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_moving_time_id"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_rides_user_speed_id"`);
  }
}
