import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddTrainingLoadAndPowerCurves1795800000000 implements MigrationInterface {
  name = 'AddTrainingLoadAndPowerCurves1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "rides"."rider_daily_loads" ("user_id" uuid NOT NULL, "day" date NOT NULL, "load" double precision NOT NULL, "estimated" boolean NOT NULL, "moving_s" integer NOT NULL, CONSTRAINT "PK_67beef8d81c9f077fad475b612b" PRIMARY KEY ("user_id", "day"))`);
    await queryRunner.query(`CREATE TABLE "rides"."rider_training_states" ("user_id" uuid NOT NULL, "time_zone" text NOT NULL, "built_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_b0e971db398aa6e67bae2bf916d" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "rides"."ride_power_curves" ("ride_id" uuid NOT NULL, "user_id" uuid NOT NULL, "start_date" TIMESTAMP WITH TIME ZONE NOT NULL, "streams_fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL, "watts" jsonb NOT NULL, CONSTRAINT "PK_fd68dbe47ac482f7f0fd6823486" PRIMARY KEY ("ride_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_ride_power_curves_user_start" ON "rides"."ride_power_curves" ("user_id", "start_date") `);
    await queryRunner.query(`ALTER TABLE "rides"."ride_power_curves" ADD CONSTRAINT "FK_fd68dbe47ac482f7f0fd6823486" FOREIGN KEY ("ride_id") REFERENCES "rides"."rides"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."ride_power_curves" DROP CONSTRAINT "FK_fd68dbe47ac482f7f0fd6823486"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_ride_power_curves_user_start"`);
    await queryRunner.query(`DROP TABLE "rides"."ride_power_curves"`);
    await queryRunner.query(`DROP TABLE "rides"."rider_training_states"`);
    await queryRunner.query(`DROP TABLE "rides"."rider_daily_loads"`);
  }
}
