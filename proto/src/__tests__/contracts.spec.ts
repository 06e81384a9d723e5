import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  Events,
  eventsFor,
  parseEventEnvelope,
  SERVICE_NAMES,
  Jobs,
  parseJobPayload,
  RegisterRequest,
  firstIssueMessage,
} from '../index.js';

describe('event contracts', () => {
  it('gives every event a version, a schema and only known subscribers', () => {
    for (const [name, definition] of Object.entries(Events)) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/);
      expect(definition.version).toBeGreaterThanOrEqual(1);
      for (const subscriber of definition.subscribers)
        expect([...SERVICE_NAMES, 'gateway']).toContain(subscriber);
    }
  });

  it('lists what each subscriber receives', () => {
    expect(eventsFor('analysis')).toEqual(expect.arrayContaining(['user.registered', 'user.deleted']));
    expect(eventsFor('gateway')).toEqual(
      expect.arrayContaining(['user.deleted', 'subscription.tier-changed']),
    );
    expect(eventsFor('admin')).toEqual(['user.purged']);
  });

  it('accepts a well-formed envelope and rejects unknown names, newer versions and bad payloads', () => {
    const userId = randomUUID();
    const good = {
      id: randomUUID(),
      name: 'user.deleted',
      version: 1,
      occurredAt: new Date().toISOString(),
      payload: { userId, requestedBy: 'x' },
    };
    expect(parseEventEnvelope(good).payload).toEqual({ userId, requestedBy: 'x' });
    expect(() => parseEventEnvelope({ ...good, name: 'user.exploded' })).toThrow('Unknown event');
    expect(() => parseEventEnvelope({ ...good, version: 2 })).toThrow('newer than supported');
    expect(() => parseEventEnvelope({ ...good, payload: { userId: 'nope', requestedBy: 'x' } })).toThrow();
    expect(() => parseEventEnvelope({ ...good, id: 'not-a-uuid' })).toThrow();
  });
});

describe('job contracts', () => {
  it('validates payloads where they are consumed', () => {
    const userId = randomUUID();
    expect(parseJobPayload('strava-sync.athlete', { userId, reason: 'manual' })).toEqual({
      userId,
      reason: 'manual',
    });
    expect(() => parseJobPayload('strava-sync.athlete', { userId, reason: 'because' })).toThrow();
    for (const definition of Object.values(Jobs)) expect(definition.queue).toMatch(/^[a-z-]+$/);
  });
});

describe('registration rules shared by the web and the server', () => {
  const parse = (body: unknown) => {
    const result = RegisterRequest.safeParse(body);
    return result.success ? result.data : firstIssueMessage(result.error);
  };
  it('normalises email and names', () => {
    expect(
      parse({ email: ' Ann@Example.COM ', password: 'secret', firstName: ' Ann ', lastName: ' Lee ' }),
    ).toEqual({
      email: 'ann@example.com',
      password: 'secret',
      firstName: 'Ann',
      lastName: 'Lee',
    });
  });
  it.each([
    [{ password: 'secret', firstName: 'A', lastName: 'B' }, 'Email is required'],
    [{ email: 'x', password: 'secret', firstName: 'A', lastName: 'B' }, 'Please enter a valid email address'],
    [
      { email: 'a@b.co', password: '12345', firstName: 'A', lastName: 'B' },
      'Password must be at least 6 characters long',
    ],
    [{ email: 'a@b.co', password: '', firstName: 'A', lastName: 'B' }, 'Password is required'],
    [{ email: 'a@b.co', password: 'secret', firstName: '', lastName: 'B' }, 'First name is required'],
    [
      { email: 'a@b.co', password: 'secret', firstName: 'A', lastName: 'B', role: 'admin' },
      'Unexpected field: role',
    ],
    ['text', 'Request body must be a JSON object'],
  ])('%j -> %s', (body, message) => {
    expect(parse(body)).toBe(message);
  });
});
