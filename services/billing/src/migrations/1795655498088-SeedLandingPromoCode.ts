import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data, not schema (so written by hand): the landing banner's code, DOMESTIQUE90, 90% off the first
 * month, unlimited and valid for years. Inserted once; an admin who deletes it keeps it deleted.
 */
export class SeedLandingPromoCode1795655498088 implements MigrationInterface {
  name = 'SeedLandingPromoCode1795655498088';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "billing"."promo_codes" ("code", "description", "discount_type", "discount_value", "valid_from", "valid_until", "usage_limit", "is_active")
       VALUES ('DOMESTIQUE90', 'Landing page offer: 90% off your first month', 'percentage', 90, '2024-01-01T00:00:00Z', '2099-12-31T23:59:59Z', NULL, true)
       ON CONFLICT ("code") DO NOTHING`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "billing"."promo_codes" WHERE "code" = 'DOMESTIQUE90' AND "used_count" = 0`);
  }
}
