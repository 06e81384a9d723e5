import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  createTestDatabase,
  startTestApi,
  startTestWorker,
  type TestDatabase,
} from '@domestique/common/testing';
import { LANDING_PROMO_CODE } from '@domestique/proto';
import { DataSource } from 'typeorm';
import { billingService } from '../../service.js';

// migrating a fresh database and booting the API a few times
jest.setTimeout(60_000);

/**
 * LANDING_PROMO_CODE decides whether the landing code exists: each case starts from a fresh
 * database, so the committed migrations (the old seeding one included) run as on a new host.
 */
describe('billing: the landing promo code comes from LANDING_PROMO_CODE (real PostgreSQL)', () => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  /** Boots the API on the fresh database, answers every promo code row, and stops it. */
  const boot = async (env: Record<string, string>) => {
    const api = await startTestApi(billingService, { DATABASE_URL: database!.url, ...env });
    try {
      return (await api.app
        .get(DataSource)
        .query(
          'SELECT code, discount_type, discount_value, usage_limit, is_active FROM billing.promo_codes',
        )) as {
        code: string;
      }[];
    } finally {
      await api.close();
    }
  };

  it('creates no promo code at all when it is none', async () => {
    database = await createTestDatabase();
    expect(await boot({ LANDING_PROMO_CODE: 'none' })).toEqual([]);
    expect(await boot({ LANDING_PROMO_CODE: 'NONE' })).toEqual([]);
  });

  it('creates the configured code exactly once over several boots, API and worker at once included', async () => {
    database = await createTestDatabase();
    const first = await boot({ LANDING_PROMO_CODE: ' launch90 ' });
    expect(first).toEqual([
      {
        code: 'LAUNCH90',
        discount_type: 'percentage',
        discount_value: 90,
        usage_limit: null,
        is_active: true,
      },
    ]);
    const env = { DATABASE_URL: database.url, LANDING_PROMO_CODE: 'LAUNCH90' };
    const [api, worker] = await Promise.all([
      startTestApi(billingService, env),
      startTestWorker(billingService, env),
    ]);
    await Promise.all([api.close(), worker.close()]);
    expect(await boot({ LANDING_PROMO_CODE: 'LAUNCH90' })).toEqual(first);
  });

  it("defaults to the landing banner's code outside production, and keeps it deleted once an admin deletes it", async () => {
    database = await createTestDatabase();
    expect((await boot({})).map((row) => row.code)).toEqual([LANDING_PROMO_CODE]);
    const api = await startTestApi(billingService, { DATABASE_URL: database.url });
    await api.app
      .get(DataSource)
      .query('DELETE FROM billing.promo_codes WHERE code = $1', [LANDING_PROMO_CODE]);
    await api.close();
    expect(await boot({})).toEqual([]);
  });
});
