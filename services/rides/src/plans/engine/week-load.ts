import type { PlannedWorkoutDto } from '@domestique/proto';
import { addDays, dayName } from './dates.js';
import type { EngineWeek } from './types.js';
import { isHardType } from './workout-library.js';

/** A week over this share of its target warns. */
const OVER_TARGET = 1.1;

/** After a session moved: the week's planned load against its target, with a warning when over or hard days touch. */
export function weekLoadCheck(
  week: EngineWeek,
  weekSessions: PlannedWorkoutDto[],
): { weekStart: string; plannedLoad: number; targetLoad: number; warning: string | null } {
  const plannedLoad = Math.round(weekSessions.reduce((sum, session) => sum + session.plannedLoad, 0));
  const warnings: string[] = [];
  if (week.targetLoad > 0 && plannedLoad > week.targetLoad * OVER_TARGET)
    warnings.push(
      `This week now holds ${plannedLoad} TSS, ${Math.round((plannedLoad / week.targetLoad) * 100)}% of its ${week.targetLoad} TSS target: consider easing or moving a session.`,
    );
  const hardDates = new Set(
    weekSessions.filter((session) => isHardType(session.type)).map((session) => session.date),
  );
  const backToBack = [...hardDates].sort().filter((date) => hardDates.has(addDays(date, 1)));
  for (const date of backToBack)
    warnings.push(
      `${dayName(date)} and ${dayName(addDays(date, 1))} are both hard days: keep an easy day between them.`,
    );
  return {
    weekStart: week.weekStart,
    plannedLoad,
    targetLoad: week.targetLoad,
    warning: warnings.length > 0 ? warnings.join(' ') : null,
  };
}
