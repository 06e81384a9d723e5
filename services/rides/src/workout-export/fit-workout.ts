import {
  Encoder,
  Profile,
  type Encodable,
  type FileIdMesg,
  type WorkoutMesg,
  type WorkoutStepMesg,
} from '@garmin/fitsdk';
import type { PlannedWorkoutDto, WorkoutStepDto } from '@domestique/proto';

/**
 * A session as a Garmin FIT workout file, encoded with the FIT SDK: file_id (type workout), one
 * workout message and one workout_step per step, each a time duration with a custom power target
 * in %FTP (the FIT profile's `workout_power`: values up to 1000 are %FTP, above it watts + 1000) or,
 * without a power meter, a heart-rate zone (1-5). The device turns %FTP into watts from the FTP set
 * on it. Pure.
 */

/** A message number of the SDK's profile. */
const mesgNum = (name: 'FILE_ID' | 'WORKOUT' | 'WORKOUT_STEP'): number => {
  const number = Profile.MesgNum[name];
  if (number === undefined) throw new Error(`The FIT profile has no ${name} message`);
  return number;
};

/** The number of a named value of a profile type (`fitEnum('wktStepTarget', 'power')` is 4). */
export const fitEnum = (type: string, name: string): number => {
  const entry = Object.entries(Profile.types[type] ?? {}).find(([, value]) => value === name);
  if (!entry) throw new Error(`The FIT profile has no ${type} ${name}`);
  return Number(entry[0]);
};

/** workout_power values above this are watts + 1000; up to it, %FTP. */
export const FIT_WATTS_OFFSET = 1000;

/** The workout_power value of a %FTP (whole percents: FIT stores integers). */
const percentFtpValue = (percent: number): number => Math.min(FIT_WATTS_OFFSET, Math.round(percent));

const intensityOf = (index: number, count: number): 'warmup' | 'cooldown' | 'active' => {
  if (index === 0 && count > 1) return 'warmup';
  if (index === count - 1 && count > 2) return 'cooldown';
  return 'active';
};

/** The target of a step: a custom %FTP range, else a heart-rate zone, else open. */
const targetOf = (step: WorkoutStepDto): Partial<WorkoutStepMesg> => {
  if (step.targetPercentFtp) {
    return {
      targetType: fitEnum('wktStepTarget', 'power'),
      // 0: a custom range, given by the low and high values
      targetValue: 0,
      customTargetValueLow: percentFtpValue(step.targetPercentFtp[0]),
      customTargetValueHigh: percentFtpValue(step.targetPercentFtp[1]),
    };
  }
  if (step.targetHrZone !== null)
    return { targetType: fitEnum('wktStepTarget', 'heartRate'), targetValue: step.targetHrZone };
  return { targetType: fitEnum('wktStepTarget', 'open') };
};

/** One workout_step: a time duration (`duration_value` is milliseconds on the wire) and its target. */
const stepMessage = (step: WorkoutStepDto, index: number, count: number): Encodable<WorkoutStepMesg> => ({
  mesgNum: mesgNum('WORKOUT_STEP'),
  messageIndex: index,
  wktStepName: step.label,
  durationType: fitEnum('wktStepDuration', 'time'),
  durationValue: step.durationS * 1000,
  intensity: fitEnum('intensity', intensityOf(index, count)),
  ...targetOf(step),
});

/** The .fit workout file of a session. `createdAt` is the file_id's time_created. */
export const fitWorkout = (workout: PlannedWorkoutDto, createdAt: Date): Uint8Array => {
  const encoder = new Encoder();
  const fileId: Encodable<FileIdMesg> = {
    mesgNum: mesgNum('FILE_ID'),
    type: fitEnum('file', 'workout'),
    manufacturer: fitEnum('manufacturer', 'development'),
    product: 0,
    serialNumber: 1,
    timeCreated: createdAt,
  };
  const header: Encodable<WorkoutMesg> = {
    mesgNum: mesgNum('WORKOUT'),
    wktName: workout.title,
    sport: fitEnum('sport', 'cycling'),
    subSport: fitEnum('subSport', 'generic'),
    numValidSteps: workout.steps.length,
  };
  encoder.writeMesg(fileId).writeMesg(header);
  workout.steps.forEach((step, index) => encoder.writeMesg(stepMessage(step, index, workout.steps.length)));
  return encoder.close();
};
