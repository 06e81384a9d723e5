import '../../app/zod-jitless';
import {
  CreatePlanRequest,
  PLAN_MAX_DAYS,
  PLAN_MIN_DAYS,
  PlanMessages,
  WEEKDAYS,
  type EventType,
  type Weekday,
} from '@domestique/proto';
import type { SpecIssue, SpecSchema } from '../../app/forms/spec-resolver';
import { addDays } from '../training/load-ranges';

/**
 * The plan builder's form (issue 23, section 1): what is typed, the request it becomes, and the
 * check the browser makes before sending, in the contract's own words.
 */
export interface PlanFormValues {
  eventName: string;
  eventDate: string;
  eventType: EventType;
  /** as typed in the number input */
  weeklyHours: string;
  ridingDays: Weekday[];
  /** '' : the server's default (the last riding day of the week) */
  longRideDay: Weekday | '';
}

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const PLAN_FORM_DEFAULTS: PlanFormValues = {
  eventName: '',
  eventDate: '',
  eventType: 'gran-fondo',
  weeklyHours: '8',
  ridingDays: ['tue', 'thu', 'sat', 'sun'],
  longRideDay: 'sat',
};

/** The event dates the plan can be built for, from today: the date input's min and max. */
export const eventDateWindow = (today: string): { min: string; max: string } => ({
  min: addDays(today, PLAN_MIN_DAYS),
  max: addDays(today, PLAN_MAX_DAYS),
});

/** The riding days in week order, whatever order they were ticked in. */
export const inWeekOrder = (days: readonly Weekday[]): Weekday[] => WEEKDAYS.filter((d) => days.includes(d));

/** Ticks or unticks a day; the long ride day goes back to the default when its day is unticked. */
export const toggleRidingDay = (
  values: Pick<PlanFormValues, 'ridingDays' | 'longRideDay'>,
  day: Weekday,
): Pick<PlanFormValues, 'ridingDays' | 'longRideDay'> => {
  const ridingDays = values.ridingDays.includes(day)
    ? values.ridingDays.filter((d) => d !== day)
    : inWeekOrder([...values.ridingDays, day]);
  return {
    ridingDays,
    longRideDay: values.longRideDay && ridingDays.includes(values.longRideDay) ? values.longRideDay : '',
  };
};

/** What the form sends: numbers from text, the default long ride day left out, the browser's zone. */
export const planRequestFrom = (values: PlanFormValues, tz: string | null): unknown => ({
  eventName: values.eventName,
  eventDate: values.eventDate,
  eventType: values.eventType,
  weeklyHours: values.weeklyHours.trim() === '' ? Number.NaN : Number(values.weeklyHours),
  ridingDays: values.ridingDays,
  ...(values.longRideDay ? { longRideDay: values.longRideDay } : {}),
  ...(tz ? { tz } : {}),
});

/**
 * CreatePlanRequest, plus the event date's window the service checks (PLAN_MIN_DAYS..PLAN_MAX_DAYS
 * from today), so the browser refuses what the server would, with the same words.
 */
export const planFormSchema = (today: string): SpecSchema<CreatePlanRequest> => ({
  safeParse: (input) => {
    const result = CreatePlanRequest.safeParse(input);
    const issues: SpecIssue[] = result.success ? [] : [...result.error.issues];
    const date = (input as { eventDate?: unknown }).eventDate;
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
      const { min, max } = eventDateWindow(today);
      const message = date < min ? PlanMessages.eventTooSoon : date > max ? PlanMessages.eventTooFar : null;
      if (message && !issues.some((issue) => issue.path[0] === 'eventDate'))
        issues.push({ code: 'custom', path: ['eventDate'], message });
    }
    if (result.success && issues.length === 0) return { success: true, data: result.data };
    return { success: false, error: { issues } };
  },
});

/** The form field a server refusal is about (the rest go in the form's alert). */
export const fieldOfMessage = (message: string): keyof PlanFormValues | undefined => {
  const fields: [string, keyof PlanFormValues][] = [
    [PlanMessages.eventName, 'eventName'],
    [PlanMessages.eventDate, 'eventDate'],
    [PlanMessages.eventTooSoon, 'eventDate'],
    [PlanMessages.eventTooFar, 'eventDate'],
    [PlanMessages.eventType, 'eventType'],
    [PlanMessages.weeklyHours, 'weeklyHours'],
    [PlanMessages.ridingDays, 'ridingDays'],
    [PlanMessages.longRideDay, 'longRideDay'],
  ];
  return fields.find(([text]) => text === message)?.[1];
};
