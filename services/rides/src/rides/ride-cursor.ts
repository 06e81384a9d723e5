import { badRequest } from '@domestique/common';
import { RideErrorCode, RideMessages } from '@domestique/proto';

/** A position in the newest-first list: the last ride's start and id (ties broken by id). */
export interface RideCursor {
  startDate: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (cursor: RideCursor): string =>
  Buffer.from(`${cursor.startDate.toISOString()}|${cursor.id}`).toString('base64url');

/** Parses a cursor from a client; anything malformed is a 400. */
export const decodeCursor = (value: string): RideCursor => {
  const [iso, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const startDate = new Date(iso ?? '');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(startDate.getTime()))
    throw badRequest(RideMessages.invalidCursor, RideErrorCode.InvalidCursor);
  return { startDate, id };
};
