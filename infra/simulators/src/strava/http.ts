// Small Express helpers shared by the routers.
import type { Request, Response } from 'express';
import { sendError, StravaError } from './errors.js';

/** A request parameter from the body (form or JSON) or the query string. */
export const param = (req: Request, name: string): string | undefined => {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const value = body[name] ?? (req.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
};

/** Runs a handler, answering a StravaError with Strava's status and body. */
export const handle =
  (fn: (req: Request, res: Response) => Promise<void> | void) =>
  async (req: Request, res: Response): Promise<void> => {
    try {
      await fn(req, res);
    } catch (error) {
      if (error instanceof StravaError) sendError(res, error);
      else throw error;
    }
  };

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The bearer token of a request (`Authorization: Bearer ...`, or Strava's `access_token` parameter). */
export const bearer = (req: Request): string | undefined => {
  const header = req.get('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return param(req, 'access_token');
};
