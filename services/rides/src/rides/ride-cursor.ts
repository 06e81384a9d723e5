import { badRequest } from '@domestique/common';
import {
  RIDE_SORT_FIELDS,
  RIDE_SORT_ORDERS,
  RideErrorCode,
  RideMessages,
  type RideSortField,
  type RideSortOrder,
} from '@domestique/proto';

/**
 * A position in a sorted list: the sort it belongs to, the last ride's value of the sort column
 * (an ISO date or a number) and its id (ties broken by id, in the sort's direction).
 */
export interface RideCursor {
  sortBy: RideSortField;
  sortOrder: RideSortOrder;
  value: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const encodeCursor = (cursor: RideCursor): string =>
  Buffer.from(`${cursor.sortBy}.${cursor.sortOrder}|${cursor.value}|${cursor.id}`).toString('base64url');

const validValue = (sortBy: RideSortField, value: string): boolean =>
  sortBy === 'date'
    ? !Number.isNaN(new Date(value).getTime())
    : value.trim() !== '' && Number.isFinite(Number(value));

/**
 * Parses a cursor from a client for the list sorted by `sortBy`/`sortOrder`: anything malformed, or
 * a cursor of a list in another order, is a 400.
 */
export const decodeCursor = (value: string, sortBy: RideSortField, sortOrder: RideSortOrder): RideCursor => {
  const [sort, sortValue, id, extra] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const [field, order] = (sort ?? '').split('.');
  const ok =
    extra === undefined &&
    !!id &&
    UUID.test(id) &&
    field === sortBy &&
    order === sortOrder &&
    (RIDE_SORT_FIELDS as readonly string[]).includes(field) &&
    (RIDE_SORT_ORDERS as readonly string[]).includes(order) &&
    sortValue !== undefined &&
    validValue(sortBy, sortValue);
  if (!ok) throw badRequest(RideMessages.invalidCursor, RideErrorCode.InvalidCursor);
  return { sortBy, sortOrder, value: sortValue, id };
};
