import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  AnalyticsQuery,
  ChatPageQuery,
  CreatePromoCodeRequest,
  RegisterRequest,
  RiderFtpRequest,
  UpdateGoalRequest,
  UpdateProfileRequest,
} from '@domestique/proto';
import {
  ABSENT,
  MAX_JSON_DEPTH,
  brokenCandidates,
  mustRefuse,
  validArbitrary,
} from './schema-arbitraries.mjs';
import { rowArbitraries, schemaRows } from './schema-campaign.mjs';

const ctx = { proPriceId: 'price_domestique_pro_monthly' };
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;
const nested = (depth: number): unknown => (depth === 0 ? 1 : { a: nested(depth - 1) });

describe('schema arbitraries: valid values', () => {
  it('are accepted by their schema as sent in JSON, and never hold the guard-refused text', () => {
    for (const schema of [RegisterRequest, UpdateProfileRequest, RiderFtpRequest]) {
      const values = fc.sample(validArbitrary(schema), { numRuns: 300, seed: 11 });
      expect(values.filter((value) => mustRefuse(schema, asSent(value)))).toEqual([]);
    }
  });

  it('leave refinements to the oracle (validFrom before validUntil, a trial of 1-365 days)', () => {
    const values = fc.sample(validArbitrary(CreatePromoCodeRequest), { numRuns: 300, seed: 11 });
    const accepted = values.filter((value) => !mustRefuse(CreatePromoCodeRequest, asSent(value)));
    expect(accepted.length).toBeGreaterThan(10);
    expect(accepted.length).toBeLessThan(values.length);
  });

  it('keep GraphQL whole numbers within Int when asked', () => {
    const values = fc.sample(validArbitrary(CreatePromoCodeRequest, { int32: true }), {
      numRuns: 300,
      seed: 3,
    });
    for (const value of values as { discountValue: number }[])
      expect(Math.abs(value.discountValue)).toBeLessThanOrEqual(2 ** 31 - 1);
  });

  it('never leave a key as the ABSENT marker', () => {
    for (const value of fc.sample(validArbitrary(AnalyticsQuery), { numRuns: 100, seed: 5 }))
      expect(Object.values(value as object)).not.toContain(ABSENT);
  });
});

describe('schema arbitraries: broken values', () => {
  it('change exactly one key of an otherwise valid value', () => {
    const candidates = fc.sample(brokenCandidates(RegisterRequest), { numRuns: 400, seed: 17 });
    for (const { value, field, base } of candidates) {
      const others = (record: object) => Object.entries(record).filter(([key]) => key !== field);
      expect(others(value as object)).toEqual(others(base!));
    }
  });

  it('break each kind of rule the schema has: type, length, format, required and unknown keys', () => {
    const defects = fc
      .sample(brokenCandidates(RegisterRequest), { numRuns: 2000, seed: 23 })
      .filter(({ value }) => mustRefuse(RegisterRequest, asSent(value)))
      .map(({ defect }) => defect);
    for (const expected of [
      /^email: not an email$/,
      /^password: shorter than \d+$/,
      /^password: longer than \d+ /,
      /^firstName: missing$/,
      /^lastName: wrong type/,
      /^unknown key isAdmin$/,
      /^unknown key __proto__$/,
      /^unknown key constructor$/,
      /: null$/,
      /: nested \d+ deep$/,
      /: unstorable text$/,
    ])
      expect(defects.some((defect) => expected.test(defect))).toBe(true);
  });

  it('break numbers with NaN, Infinity, fractions and values out of range', () => {
    const defectsOf = (schema: typeof RiderFtpRequest | typeof UpdateGoalRequest) =>
      fc
        .sample(brokenCandidates(schema), { numRuns: 1500, seed: 29 })
        .filter(({ value }) => mustRefuse(schema, asSent(value)))
        .map(({ defect }) => defect);
    const ftp = defectsOf(RiderFtpRequest);
    for (const expected of [
      /^ftp: not a whole number$/,
      /^ftp: below 30$/,
      /^ftp: above 2000$/,
      /^ftp: number as text/,
    ])
      expect(ftp.some((defect) => expected.test(defect))).toBe(true);
    // NaN and Infinity travel as null in JSON: refused where null is not allowed, accepted where it clears
    expect(ftp.some((defect) => /^ftp: (NaN|Infinity)/.test(defect))).toBe(false);
    const progress = defectsOf(UpdateGoalRequest);
    for (const expected of [/^currentValue: NaN/, /^currentValue: -?Infinity/, /^currentValue: below 0$/])
      expect(progress.some((defect) => expected.test(defect))).toBe(true);
  });

  it('are reproducible from the seed', () => {
    const sample = (seed: number) =>
      JSON.stringify(
        fc.sample(brokenCandidates(ChatPageQuery), { numRuns: 50, seed }).map(({ value }) => value),
      );
    expect(sample(41)).toBe(sample(41));
    expect(sample(41)).not.toBe(sample(42));
  });
});

describe('the oracle', () => {
  it('refuses what the request guard refuses even where the schema would take it', () => {
    expect(mustRefuse(UpdateProfileRequest, { firstName: 'Ann', lastName: 'Lee' })).toBe(false);
    expect(mustRefuse(UpdateProfileRequest, { firstName: 'A\u0000nn', lastName: 'Lee' })).toBe(true);
    expect(mustRefuse(UpdateProfileRequest, { firstName: 'lone \ud800', lastName: 'Lee' })).toBe(true);
    expect(mustRefuse(UpdateProfileRequest, { firstName: 'Ann', lastName: 'Lee', [`k\u0000`]: 1 })).toBe(
      true,
    );
    expect(mustRefuse(AnalyticsQuery, nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(mustRefuse(UpdateProfileRequest, { firstName: '🚴 Zoë', lastName: '' })).toBe(false);
  });
});

describe('the campaign table', () => {
  it('generates valid and broken requests for every row, each judged by its schema', () => {
    for (const row of schemaRows(ctx)) {
      const { valid, broken } = rowArbitraries(row);
      const schema = row.schema ?? row.body ?? row.query;
      for (const request of fc.sample(valid, { numRuns: 5, seed: 1 }))
        expect(mustRefuse(schema, request.received)).toBe(false);
      const refused = fc.sample(broken, { numRuns: 20, seed: 1 });
      expect(refused.every((request) => mustRefuse(schema, request.received))).toBe(true);
      expect(new Set(refused.map((request) => request.defect)).size).toBeGreaterThan(3);
    }
  });
});
