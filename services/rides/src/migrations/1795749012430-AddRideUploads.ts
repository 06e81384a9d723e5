import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploaded activity files (issue 21): an uploaded ride's format and device on rides, the original
 * file kept gzipped in ride_files, and archive imports with their progress (archive_imports) and
 * their bytes until the worker has read them (archive_chunks).
 */
export class AddRideUploads1795749012430 implements MigrationInterface {
  name = 'AddRideUploads1795749012430';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "file_format" text`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" ADD "device" text`);
    await queryRunner.query(`CREATE TABLE "rides"."ride_files" ("ride_id" uuid NOT NULL, "user_id" uuid NOT NULL, "file_name" text NOT NULL, "format" text NOT NULL, "bytes" integer NOT NULL, "sha256" text NOT NULL, "data" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3acfd6bd6158c22c34d918f20d5" PRIMARY KEY ("ride_id"))`);
    await queryRunner.query(`CREATE INDEX "idx_ride_files_user_sha256" ON "rides"."ride_files"  ("user_id", "sha256") `);
    await queryRunner.query(`ALTER TABLE "rides"."ride_files" ADD CONSTRAINT "FK_3acfd6bd6158c22c34d918f20d5" FOREIGN KEY ("ride_id") REFERENCES "rides"."rides"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE TABLE "rides"."archive_imports" ("id" uuid NOT NULL, "user_id" uuid NOT NULL, "file_name" text NOT NULL, "status" text NOT NULL, "bytes" bigint NOT NULL, "total" integer NOT NULL DEFAULT 0, "processed" integer NOT NULL DEFAULT 0, "imported" integer NOT NULL DEFAULT 0, "duplicates" integer NOT NULL DEFAULT 0, "rejected" integer NOT NULL DEFAULT 0, "results" jsonb NOT NULL DEFAULT '[]'::jsonb, "message" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e645353aa3fe707742863e00541" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "idx_archive_imports_user_created" ON "rides"."archive_imports"  ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "rides"."archive_chunks" ("import_id" uuid NOT NULL, "seq" integer NOT NULL, "data" bytea NOT NULL, CONSTRAINT "PK_550ae20a39587aaaee8f97c6a23" PRIMARY KEY ("import_id", "seq"))`);
    await queryRunner.query(`ALTER TABLE "rides"."archive_chunks" ADD CONSTRAINT "FK_6b91d8889fdafb6e7ff274db5c2" FOREIGN KEY ("import_id") REFERENCES "rides"."archive_imports"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "rides"."archive_chunks" DROP CONSTRAINT "FK_6b91d8889fdafb6e7ff274db5c2"`);
    await queryRunner.query(`DROP TABLE "rides"."archive_chunks"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_archive_imports_user_created"`);
    await queryRunner.query(`DROP TABLE "rides"."archive_imports"`);
    await queryRunner.query(`ALTER TABLE "rides"."ride_files" DROP CONSTRAINT "FK_3acfd6bd6158c22c34d918f20d5"`);
    await queryRunner.query(`DROP INDEX "rides"."idx_ride_files_user_sha256"`);
    await queryRunner.query(`DROP TABLE "rides"."ride_files"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "device"`);
    await queryRunner.query(`ALTER TABLE "rides"."rides" DROP COLUMN "file_format"`);
  }
}
