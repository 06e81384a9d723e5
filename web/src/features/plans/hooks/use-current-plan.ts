import type { TrainingPlanDto } from '@domestique/proto';
import { useCallback, useState } from 'react';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { isNotFound, RestRequestError } from '../../../app/rest/validated-rest';
import { useResource, type Resource } from '../../../app/rest/use-resource';
import { plansApi } from '../api/plans-api';

/**
 * The rider's plan (null without one: the server's 404), and `replace` for the answers of what the
 * screen changes (built, course set, ended), so the page shows them without asking again.
 */
export function useCurrentPlan() {
  const tz = browserTimeZone();
  const { value, retry } = useResource<TrainingPlanDto | null>(`plan:${tz ?? ''}`, (signal) =>
    plansApi.current(tz, signal).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    }),
  );
  const [replaced, setReplaced] = useState<{ plan: TrainingPlanDto | null } | null>(null);
  const replace = useCallback((plan: TrainingPlanDto | null) => setReplaced({ plan }), []);
  const reload = useCallback(() => {
    setReplaced(null);
    retry();
  }, [retry]);
  const shown: Resource<TrainingPlanDto | null> =
    replaced && value.state === 'ready' ? { state: 'ready', data: replaced.plan } : value;
  return { value: shown, replace, retry: reload };
}

/** A refusal of the whole screen (403: not Elite, in the server's words). */
export const isForbidden = (error: unknown): boolean =>
  error instanceof RestRequestError && error.status === 403;
