import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddRideFeedbackTierAndOutdated1795716941855 implements MigrationInterface {
  name = 'AddRideFeedbackTierAndOutdated1795716941855';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis"."ride_feedback" ADD "tier" text`);
    await queryRunner.query(`ALTER TABLE "analysis"."ride_feedback" ADD "outdated_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis"."ride_feedback" DROP COLUMN "outdated_at"`);
    await queryRunner.query(`ALTER TABLE "analysis"."ride_feedback" DROP COLUMN "tier"`);
  }
}
