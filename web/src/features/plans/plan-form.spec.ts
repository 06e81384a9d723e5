import { describe, expect, it } from '@jest/globals';
import { PlanMessages } from '@domestique/proto';
import {
  eventDateWindow,
  fieldOfMessage,
  PLAN_FORM_DEFAULTS,
  planFormSchema,
  planRequestFrom,
  toggleRidingDay,
} from './plan-form';

const TODAY = '2026-03-11';
const check = (values: Partial<typeof PLAN_FORM_DEFAULTS>) =>
  planFormSchema(TODAY).safeParse(
    planRequestFrom(
      { ...PLAN_FORM_DEFAULTS, eventName: 'Fondo', eventDate: '2026-06-07', ...values },
      'Europe/Paris',
    ),
  );
const messages = (values: Partial<typeof PLAN_FORM_DEFAULTS>) => {
  const result = check(values);
  return result.success ? [] : result.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
};

describe('the plan form', () => {
  it('offers event dates 4 to 52 weeks ahead', () => {
    expect(eventDateWindow(TODAY)).toEqual({ min: '2026-04-08', max: '2027-03-10' });
  });

  it('sends numbers, the week-ordered days, the time zone, and leaves the default long ride day out', () => {
    expect(
      planRequestFrom({ ...PLAN_FORM_DEFAULTS, weeklyHours: '7.5', longRideDay: '' }, 'Europe/Paris'),
    ).toEqual({
      eventName: '',
      eventDate: '',
      eventType: 'gran-fondo',
      weeklyHours: 7.5,
      ridingDays: ['tue', 'thu', 'sat', 'sun'],
      tz: 'Europe/Paris',
    });
    expect(check({}).success).toBe(true);
  });

  it("refuses what the server would, in the contract's words", () => {
    expect(messages({ eventName: '  ' })).toEqual([['eventName', PlanMessages.eventName]]);
    expect(messages({ eventDate: '2026-04-07' })).toEqual([['eventDate', PlanMessages.eventTooSoon]]);
    expect(messages({ eventDate: '2027-03-11' })).toEqual([['eventDate', PlanMessages.eventTooFar]]);
    expect(messages({ eventDate: '' })).toEqual([['eventDate', PlanMessages.eventDate]]);
    expect(messages({ weeklyHours: '1.5' })).toEqual([['weeklyHours', PlanMessages.weeklyHours]]);
    expect(messages({ weeklyHours: '' })).toEqual([['weeklyHours', PlanMessages.weeklyHours]]);
    expect(messages({ ridingDays: ['sat'], longRideDay: 'sat' })).toEqual([
      ['ridingDays', PlanMessages.ridingDays],
    ]);
    expect(messages({ longRideDay: 'mon' })).toEqual([['longRideDay', PlanMessages.longRideDay]]);
  });

  it('keeps the days in week order and drops a long ride day that is no longer ridden', () => {
    expect(toggleRidingDay({ ridingDays: ['sat', 'sun'], longRideDay: 'sat' }, 'mon')).toEqual({
      ridingDays: ['mon', 'sat', 'sun'],
      longRideDay: 'sat',
    });
    expect(toggleRidingDay({ ridingDays: ['sat', 'sun'], longRideDay: 'sat' }, 'sat')).toEqual({
      ridingDays: ['sun'],
      longRideDay: '',
    });
  });

  it('puts a server refusal on the field it is about', () => {
    expect(fieldOfMessage(PlanMessages.eventTooSoon)).toBe('eventDate');
    expect(fieldOfMessage('Something else')).toBeUndefined();
  });
});
