// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { PhysiologyLimits, RiderSettingsRequest, type PhysiologyEstimateDto } from '@domestique/proto';
import { withWholeIssuesAt, type SpecSchema } from '../../app/forms/spec-resolver';
import {
  formatWeight,
  quantities,
  sameWeight,
  weightInputValue,
  weightRangeIn,
  weightToKg,
  type UnitSystem,
} from '../../app/units/units';
import type { RiderSettingsInput } from '../../gql/graphql';
import type { RiderSettings } from './graphql/rider-settings.graphql';

/** The four values of the Training Profile card, in the order it shows them. */
export const PHYSIOLOGY_FIELDS = ['ftp', 'thresholdHeartrate', 'maxHeartrate', 'weightKg'] as const;
export type PhysiologyField = (typeof PHYSIOLOGY_FIELDS)[number];

export const PHYSIOLOGY_LABELS: Record<PhysiologyField, { label: string; unit: string }> = {
  ftp: { label: 'FTP', unit: 'W' },
  thresholdHeartrate: { label: 'Threshold heart rate', unit: 'bpm' },
  maxHeartrate: { label: 'Max heart rate', unit: 'bpm' },
  weightKg: { label: 'Weight', unit: 'kg' },
};

/** The unit a field is shown and typed in: the weight in the rider's (lb or kg), the others their own. */
export const physiologyUnit = (field: PhysiologyField, system: UnitSystem): string =>
  field === 'weightKg' ? quantities(system).weight.unit : PHYSIOLOGY_LABELS[field].unit;

/** "262 W", "172 bpm", "155.4 lb" (imperial; kept in kg) / "70.5 kg" (metric) */
export const formatPhysiology = (
  field: PhysiologyField,
  value: number,
  system: UnitSystem = 'imperial',
): string =>
  field === 'weightKg'
    ? formatWeight(value, system)
    : `${Math.round(value)} ${PHYSIOLOGY_LABELS[field].unit}`;

/** The estimate the rides service made for a field (weight has none). */
export const estimateOf = (settings: RiderSettings, field: PhysiologyField): PhysiologyEstimateDto | null =>
  field === 'weightKg' ? null : settings.estimates[field];

/** The value rides are measured against: the rider's own, else the estimate. */
export const effectiveValue = (settings: RiderSettings, field: PhysiologyField): number | null =>
  settings[field] ?? estimateOf(settings, field)?.value ?? null;

/** The edit form as typed: an empty field means "use the estimate"; the weight in the rider's unit. */
export type TrainingProfileValues = Record<PhysiologyField, string>;

export const trainingProfileFormFrom = (settings: RiderSettings): TrainingProfileValues => ({
  ftp: settings.ftp === null ? '' : String(settings.ftp),
  thresholdHeartrate: settings.thresholdHeartrate === null ? '' : String(settings.thresholdHeartrate),
  maxHeartrate: settings.maxHeartrate === null ? '' : String(settings.maxHeartrate),
  weightKg: settings.weightKg === null ? '' : weightInputValue(settings.weightKg, settings.units),
});

/** "" -> null (back to the estimate); anything else a number, NaN when it is not one (then refused). */
const parseField = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The whole form as the API's request: every field, so rules across fields see all of them; the
 * weight typed in the rider's unit goes in kg (SI).
 */
export const trainingProfileRequest =
  (system: UnitSystem) =>
  (values: TrainingProfileValues): RiderSettingsRequest => {
    const request: Record<string, number | null> = Object.fromEntries(
      PHYSIOLOGY_FIELDS.map((field) => [field, parseField(values[field])]),
    );
    const weight = request.weightKg;
    if (weight !== null && weight !== undefined && Number.isFinite(weight))
      request.weightKg = weightToKg(weight, system);
    return request;
  };

/** "Weight must be between 55.2 and 551.1 lb": the API's rule for the weight, in the rider's unit. */
export const weightMessage = (system: UnitSystem): string => {
  const { min, max, unit } = weightRangeIn(PhysiologyLimits.weightKg, system);
  return `Weight must be between ${min} and ${max} ${unit}`;
};

/**
 * The API's own schema (the server checks again), so a threshold heart rate above the max one is
 * caught even when only one of them changed; messages across fields go under the threshold heart rate,
 * and the weight's in the rider's unit (what they typed it in).
 */
export const trainingProfileSchema = (system: UnitSystem): SpecSchema<RiderSettingsRequest> => {
  const schema = withWholeIssuesAt(RiderSettingsRequest, 'thresholdHeartrate');
  return {
    safeParse(input) {
      const result = schema.safeParse(input);
      if (result.success) return result;
      const issues = result.error.issues.map((issue) =>
        issue.path[0] === 'weightKg' ? { ...issue, message: weightMessage(system) } : issue,
      );
      return { success: false, error: { issues } };
    },
  };
};

/**
 * Only the fields that differ from what is saved (empty when nothing changed); a weight that shows
 * the same to 0.1 in the rider's unit has not changed (pounds to kg and back is not exact).
 */
export const changedSettings = (request: RiderSettingsRequest, saved: RiderSettings): RiderSettingsInput => {
  const input: RiderSettingsInput = {};
  for (const field of PHYSIOLOGY_FIELDS) {
    const value = request[field] ?? null;
    const same =
      field === 'weightKg' ? sameWeight(value, saved.weightKg, saved.units) : value === saved[field];
    if (!same) input[field] = value;
  }
  return input;
};
