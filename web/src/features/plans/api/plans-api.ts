import '../../../app/zod-jitless';
import type { CreatePlanRequest, TrainingPlanDto } from '@domestique/proto';
import { getValidated, sendValidated } from '../../../app/rest/validated-rest';
import { TrainingPlanSchema } from './plan-schemas';

/** The multipart field the course upload is sent in. */
export const COURSE_FIELD = 'file';

const withTz = (path: string, tz: string | null): string =>
  tz ? `${path}?${new URLSearchParams({ tz }).toString()}` : path;

/** The plan's REST calls (proto/src/dto/plans.dto.ts). */
export const plansApi = {
  /** `GET /api/plans/current`: the plan, its days gone by settled (404 without a plan). */
  current: (tz: string | null, signal?: AbortSignal): Promise<TrainingPlanDto> =>
    getValidated(withTz('/api/plans/current', tz), TrainingPlanSchema, signal),
  /** `POST /api/plans`: builds the plan (replacing the current one). */
  create: (request: CreatePlanRequest): Promise<TrainingPlanDto> =>
    sendValidated('POST', '/api/plans', request, TrainingPlanSchema),
  /** `DELETE /api/plans/current`: ends the plan. */
  end: (): Promise<void> => sendValidated('DELETE', '/api/plans/current', undefined, null),
  /** `POST /api/plans/current/course`: a GPX course; the plan answers with its pacing. */
  uploadCourse: (file: File, tz: string | null): Promise<TrainingPlanDto> => {
    const body = new FormData();
    body.append(COURSE_FIELD, file, file.name);
    return sendValidated('POST', withTz('/api/plans/current/course', tz), body, TrainingPlanSchema);
  },
  /** `DELETE /api/plans/current/course`: removes the course and its pacing (the answer is not read). */
  removeCourse: (): Promise<void> => sendValidated('DELETE', '/api/plans/current/course', undefined, null),
};
