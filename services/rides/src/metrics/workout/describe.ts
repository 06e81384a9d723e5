/** The structure of a session in words: "12 x 30 s at 145% of FTP with 30 s easy". */

/** Durations as a coach says them: 30 s, 1 min 30 s, 8 min (rounded to 5 s, 15 s or a minute). */
export const spokenDuration = (seconds: number): string => {
  const step = seconds < 60 ? 5 : seconds < 300 ? 15 : 60;
  const rounded = Math.max(step, Math.round(seconds / step) * step);
  const minutes = Math.floor(rounded / 60);
  const rest = rounded - minutes * 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
};

export interface SetWords {
  repeats: number;
  workSeconds: number;
  recoverySeconds: number | null;
  /** "145% of FTP", "310 W", "98% of threshold heart rate", "165 bpm" */
  intensity: string;
}

export const describeSet = (set: SetWords): string => {
  const easy =
    set.repeats > 1 && set.recoverySeconds ? ` with ${spokenDuration(set.recoverySeconds)} easy` : '';
  return `${set.repeats} x ${spokenDuration(set.workSeconds)} at ${set.intensity}${easy}`;
};
