// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { RiderSettingsRequest, type PhysiologyEstimateDto } from '@domestique/proto';
import { withWholeIssuesAt } from '../../app/forms/spec-resolver';
import { formatWeight, type UnitSystem } from '../../app/units/units';
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

/** "262 W", "172 bpm", "70.5 kg (155.4 lb)" (imperial: stored in kg, pounds beside it) / "70.5 kg" (metric) */
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

/** The edit form as typed: an empty field means "use the estimate". */
export type TrainingProfileValues = Record<PhysiologyField, string>;

export const trainingProfileFormFrom = (settings: RiderSettings): TrainingProfileValues => ({
  ftp: settings.ftp === null ? '' : String(settings.ftp),
  thresholdHeartrate: settings.thresholdHeartrate === null ? '' : String(settings.thresholdHeartrate),
  maxHeartrate: settings.maxHeartrate === null ? '' : String(settings.maxHeartrate),
  weightKg: settings.weightKg === null ? '' : String(settings.weightKg),
});

/** "" -> null (back to the estimate); anything else a number, NaN when it is not one (then refused). */
const parseField = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/** The whole form as the API's request: every field, so rules across fields see all of them. */
export const trainingProfileRequest = (values: TrainingProfileValues): RiderSettingsRequest =>
  Object.fromEntries(PHYSIOLOGY_FIELDS.map((field) => [field, parseField(values[field])]));

/**
 * The API's own schema (the server checks again), so a threshold heart rate above the max one is
 * caught even when only one of them changed; messages across fields go under the threshold heart rate.
 */
export const TRAINING_PROFILE_SCHEMA = withWholeIssuesAt(RiderSettingsRequest, 'thresholdHeartrate');

/** Only the fields that differ from what is saved (empty when nothing changed). */
export const changedSettings = (request: RiderSettingsRequest, saved: RiderSettings): RiderSettingsInput => {
  const input: RiderSettingsInput = {};
  for (const field of PHYSIOLOGY_FIELDS) {
    const value = request[field] ?? null;
    if (value !== saved[field]) input[field] = value;
  }
  return input;
};
