import type { PowerCurveDto, TrainingLoadDayDto, TrainingWeekDto } from '@domestique/proto';
import { useMemo } from 'react';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { trainingApi } from '../api/training-api';
import { calendarDay, loadRangeDates, type LoadRangeKey } from '../load-ranges';
import { curvePeriods, type ComparisonKey, type CurvePeriodKey } from '../power-axis';
import { useResource } from '../../../app/rest/use-resource';

/** Today in the browser's calendar (the day the ranges end on). */
export const useToday = (): string => useMemo(() => calendarDay(new Date(), browserTimeZone()), []);

export interface TrainingLoad {
  days: TrainingLoadDayDto[];
  weeks: TrainingWeekDto[];
}

/** The load series and its weekly bars for a range, both asked at once. */
export function useTrainingLoad(range: LoadRangeKey) {
  const today = useToday();
  const tz = browserTimeZone();
  const dates = loadRangeDates(range, today);
  return useResource<TrainingLoad>(`${range}:${today}`, async (signal) => {
    const [days, weeks] = await Promise.all([
      trainingApi.load({ ...dates, tz }, signal),
      trainingApi.weekly({ ...dates, tz }, signal),
    ]);
    return { days, weeks };
  });
}

export interface PowerCurves {
  current: PowerCurveDto;
  compared: PowerCurveDto | null;
}

/** The period's curve and the one it is compared with, asked at once. */
export function usePowerCurves(period: CurvePeriodKey, comparison: ComparisonKey) {
  const today = useToday();
  const tz = browserTimeZone();
  const ranges = curvePeriods(period, comparison, today);
  return useResource<PowerCurves>(`${period}:${comparison}:${today}`, async (signal) => {
    const [current, compared] = await Promise.all([
      trainingApi.powerCurve({ ...ranges.current, tz }, signal),
      ranges.compared ? trainingApi.powerCurve({ ...ranges.compared, tz }, signal) : null,
    ]);
    return { current, compared };
  });
}

/** The next 7 days of sessions. */
export function useRecommendations() {
  const today = useToday();
  return useResource(`recommendations:${today}`, (signal) =>
    trainingApi.recommendations(browserTimeZone(), signal),
  );
}
