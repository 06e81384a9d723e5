import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddRideFeedbackAndChatMessages1795663286703 implements MigrationInterface {
  name = 'AddRideFeedbackAndChatMessages1795663286703';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "analysis"."chat_messages" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "message" text NOT NULL, "response" text NOT NULL, "provider" text NOT NULL, "created_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_40c55ee0e571e268b0d3cd37d10" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_chat_messages_user_created" ON "analysis"."chat_messages"  ("user_id", "created_at", "id") `);
    await queryRunner.query(`CREATE TABLE "analysis"."ride_feedback" ("ride_id" uuid NOT NULL, "user_id" uuid NOT NULL, "summary" text NOT NULL, "strengths" text NOT NULL, "weaknesses" text NOT NULL, "recommendations" text NOT NULL, "full_analysis" text NOT NULL, "provider" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_572000569b91590ba5995f3a07f" PRIMARY KEY ("ride_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_ride_feedback_user" ON "analysis"."ride_feedback"  ("user_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "analysis"."idx_ride_feedback_user"`);
    await queryRunner.query(`DROP TABLE "analysis"."ride_feedback"`);
    await queryRunner.query(`DROP INDEX "analysis"."idx_chat_messages_user_created"`);
    await queryRunner.query(`DROP TABLE "analysis"."chat_messages"`);
  }
}
