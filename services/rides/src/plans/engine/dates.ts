import { WEEKDAYS, type Weekday } from '@domestique/proto';
import { addDays, mondayOf } from '../../analytics/calendar.js';

/** Calendar helpers of the plan engine: plain YYYY-MM-DD strings, weeks run Monday to Sunday. Pure. */

export { addDays, mondayOf };

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** 0 = Monday ... 6 = Sunday. */
const weekdayIndex = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export const weekdayOf = (date: string): Weekday => WEEKDAYS[weekdayIndex(date)]!;

/** "Thursday". */
export const dayName = (date: string): string => DAY_NAMES[weekdayIndex(date)]!;

export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
