// Strava's error bodies: { message, errors: [{ resource, field, code }] }.
import type { Response } from 'express';

export interface StravaFault {
  resource: string;
  field: string;
  code: string;
}

export interface StravaErrorBody {
  message: string;
  errors: StravaFault[];
}

export class StravaError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: StravaFault[] = [],
  ) {
    super(message);
  }

  get body(): StravaErrorBody {
    return { message: this.message, errors: this.errors };
  }
}

export const badRequest = (resource: string, field: string, code = 'invalid') =>
  new StravaError(400, 'Bad Request', [{ resource, field, code }]);

export const authorizationError = (resource: string, field: string, code = 'invalid') =>
  new StravaError(401, 'Authorization Error', [{ resource, field, code }]);

export const notFound = (resource: string, field = 'id') =>
  new StravaError(404, 'Record Not Found', [{ resource, field, code: 'invalid' }]);

export const rateLimitExceeded = () =>
  new StravaError(429, 'Rate Limit Exceeded', [
    { resource: 'Application', field: 'rate limit', code: 'exceeded' },
  ]);

export const sendError = (res: Response, error: StravaError): void => {
  res.status(error.status).json(error.body);
};
