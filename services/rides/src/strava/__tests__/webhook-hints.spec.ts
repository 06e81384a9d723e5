import { describe, expect, it } from '@jest/globals';
import type { StravaWebhookEventBody } from '@domestique/proto';
import { coalescingId, webhookJobOf } from '../webhook-hints.js';

const event: StravaWebhookEventBody = {
  object_type: 'activity',
  object_id: 1360128428,
  aspect_type: 'update',
  owner_id: 134815,
  subscription_id: 120475,
  event_time: 1516126040,
};

describe('webhook events as hints', () => {
  it('keeps what an activity event is about and drops what it claims changed', () => {
    const job = webhookJobOf({
      ...event,
      updates: { title: '<b>x</b>'.repeat(10), type: 'Run', private: true },
    });
    expect(job).toEqual({
      objectType: 'activity',
      objectId: '1360128428',
      aspectType: 'update',
      ownerId: '134815',
      eventTime: 1516126040,
    });
    expect(webhookJobOf({ ...event, aspect_type: 'create' })).toMatchObject({ aspectType: 'create' });
  });

  it("keeps only a deauthorization of an athlete's events (to be confirmed with Strava)", () => {
    const athlete: StravaWebhookEventBody = { ...event, object_type: 'athlete', object_id: 134815 };
    expect(webhookJobOf({ ...athlete, updates: { authorized: 'false', title: 'x' } })?.updates).toEqual({
      authorized: 'false',
    });
    expect(webhookJobOf({ ...athlete, updates: { authorized: false } })?.updates).toEqual({
      authorized: 'false',
    });
    expect(webhookJobOf({ ...athlete, updates: { authorized: 'true' } })).toBeNull();
    expect(webhookJobOf({ ...athlete, updates: { firstname: 'Eve' } })).toBeNull();
    expect(webhookJobOf({ ...athlete, aspect_type: 'create', updates: { authorized: 'false' } })).toBeNull();
  });

  it('coalesces every event about one activity of one owner, whatever its aspect', () => {
    const of = (changes: Partial<typeof event>) => coalescingId(webhookJobOf({ ...event, ...changes })!);
    expect(of({ aspect_type: 'create' })).toBe(of({ aspect_type: 'delete' }));
    expect(of({ event_time: 1 })).toBe(of({ event_time: 2 }));
    expect(of({ object_id: 1 })).not.toBe(of({ object_id: 2 }));
    expect(of({ owner_id: 1 })).not.toBe(of({ owner_id: 2 }));
    expect(coalescingId({ objectType: 'athlete', ownerId: '7', objectId: '7' })).not.toBe(
      coalescingId({ objectType: 'activity', ownerId: '7', objectId: '7' }),
    );
  });
});
