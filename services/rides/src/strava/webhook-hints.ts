import type { JobPayload, StravaWebhookEventBody } from '@domestique/proto';

/**
 * Strava's webhook events are not signed: anyone can post one. They are hints that something
 * changed, never facts: the job they queue names only what the event is about, and the worker asks
 * Strava what is true. What an event claims changed (`updates`: a title, a type) is never kept.
 */
export type WebhookJob = JobPayload<'strava-webhook.event'>;

/** Events about one activity (or athlete) that arrive within this long cause one look at Strava. */
export const WEBHOOK_DEBOUNCE_MS = 2000;

/** The coalescing key of an event's job: one per owner and object, whatever the aspect. */
export const coalescingId = (event: Pick<WebhookJob, 'objectType' | 'ownerId' | 'objectId'>): string =>
  `${event.objectType}-${event.ownerId}-${event.objectId}`;

/**
 * The job an event hints at, or null when there is nothing to check: of an athlete's updates only a
 * deauthorization matters (and is confirmed with Strava); an activity's updates are dropped.
 */
export const webhookJobOf = (event: StravaWebhookEventBody): WebhookJob | null => {
  const about = {
    objectType: event.object_type,
    objectId: String(event.object_id),
    aspectType: event.aspect_type,
    ownerId: String(event.owner_id),
    eventTime: event.event_time,
  };
  if (event.object_type === 'activity') return about;
  const deauthorized = event.aspect_type === 'update' && String(event.updates?.authorized) === 'false';
  return deauthorized ? { ...about, updates: { authorized: 'false' } } : null;
};
