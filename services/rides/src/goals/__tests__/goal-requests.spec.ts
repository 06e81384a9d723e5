import { describe, expect, it } from '@jest/globals';
import { CreateGoalRequest, UpdateGoalRequest, firstIssueMessage } from '@domestique/proto';

const messageOf = (body: unknown): string | null => {
  const parsed = CreateGoalRequest.safeParse(body);
  return parsed.success ? null : firstIssueMessage(parsed.error);
};

describe('goal requests (spec section 5)', () => {
  const valid = { title: 'Spring miles', targetValue: 100, targetDate: '2027-04-30' };

  it('needs a title, a non-zero target and a target date', () => {
    for (const body of [
      { ...valid, title: '   ' },
      { ...valid, title: undefined },
      { ...valid, targetValue: 0 },
      { ...valid, targetValue: -5 },
      { ...valid, targetValue: 'abc' },
      { ...valid, targetValue: '' },
      { ...valid, targetDate: '' },
      { ...valid, targetDate: undefined },
    ])
      expect(messageOf(body)).toBe('Please fill in all required fields');
  });

  it('parses the target as a decimal, defaults the type to distance and trims', () => {
    expect(
      CreateGoalRequest.parse({ ...valid, title: ' Climb ', targetValue: '12.5', description: '  ' }),
    ).toEqual({
      title: 'Climb',
      description: null,
      type: 'distance',
      targetValue: 12.5,
      targetDate: '2027-04-30',
    });
    expect(CreateGoalRequest.parse({ ...valid, type: null }).type).toBe('distance');
  });

  it('refuses a target that is not wholly a decimal', () => {
    for (const targetValue of ['12abc', '1e3', '0x10', 'NaN', '-5', '12.', 'Infinity'])
      expect(messageOf({ ...valid, targetValue })).toBe('Please fill in all required fields');
    expect(CreateGoalRequest.parse({ ...valid, targetValue: ' 7.25 ' }).targetValue).toBe(7.25);
  });

  it('refuses unknown types, impossible dates, long texts and unknown fields', () => {
    expect(messageOf({ ...valid, type: 'watts' })).toBe(
      'Goal type must be one of distance, time, elevation, speed or custom',
    );
    expect(messageOf({ ...valid, targetDate: '2027-02-30' })).toBe('Target date must be a date (YYYY-MM-DD)');
    expect(messageOf({ ...valid, title: 'x'.repeat(101) })).toBe(
      'Goal title must be at most 100 characters long',
    );
    expect(messageOf({ ...valid, description: 'x'.repeat(501) })).toBe(
      'Description must be at most 500 characters long',
    );
    expect(messageOf({ ...valid, targetValue: 2_000_000 })).toBe('Target value must be at most 1,000,000');
    expect(messageOf({ ...valid, userId: 'someone-else' })).toBe('Unexpected field: userId');
  });

  it('lets an edit change any field, clear the description and count a custom goal by hand', () => {
    expect(UpdateGoalRequest.parse({ description: null, currentValue: 3 })).toEqual({
      description: null,
      currentValue: 3,
    });
    expect(UpdateGoalRequest.parse({})).toEqual({});
    expect(UpdateGoalRequest.safeParse({ currentValue: -1 }).success).toBe(false);
  });
});
