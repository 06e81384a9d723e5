// first: proto's schemas must be built after zod is told not to compile them (CSP forbids eval)
import '../../app/zod-jitless';
import { RiderSettingsRequest, type PhysiologyEstimateDto } from '@domestique/proto';
import type { RiderSettings, RiderSettingsInput } from './graphql/rider-settings.graphql';

/** The four values of the Training Profile card, in the order it shows them. */
export const PHYSIOLOGY_FIELDS = ['ftp', 'thresholdHeartrate', 'maxHeartrate', 'weightKg'] as const;
export type PhysiologyField = (typeof PHYSIOLOGY_FIELDS)[number];

export const PHYSIOLOGY_LABELS: Record<PhysiologyField, { label: string; unit: string }> = {
  ftp: { label: 'FTP', unit: 'W' },
  thresholdHeartrate: { label: 'Threshold heart rate', unit: 'bpm' },
  maxHeartrate: { label: 'Max heart rate', unit: 'bpm' },
  weightKg: { label: 'Weight', unit: 'kg' },
};

const KG_PER_LB = 0.45359237;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "70.5 kg (155.4 lb)": stored in kg, pounds beside it for the product's imperial units. */
export const formatWeight = (kg: number): string =>
  `${oneDecimal.format(kg)} kg (${oneDecimal.format(kg / KG_PER_LB)} lb)`;

/** "262 W", "172 bpm", "70.5 kg (155.4 lb)" */
export const formatPhysiology = (field: PhysiologyField, value: number): string =>
  field === 'weightKg' ? formatWeight(value) : `${Math.round(value)} ${PHYSIOLOGY_LABELS[field].unit}`;

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

export type TrainingProfileErrors = Partial<Record<PhysiologyField, string>>;

const isField = (key: unknown): key is PhysiologyField => PHYSIOLOGY_FIELDS.includes(key as PhysiologyField);

/** "" -> null (back to the estimate); anything else a number, NaN when it is not one (then refused). */
const parseField = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

/**
 * Checks the whole form with the API's own schema (the server checks again), so a threshold heart
 * rate above the max one is caught even when only one of them changed; answers only the fields that
 * differ from what is saved (an empty input when nothing changed). Cross-field messages go under the
 * threshold heart rate.
 */
export const trainingProfileInput = (
  values: TrainingProfileValues,
  saved: RiderSettings,
): { input: RiderSettingsInput } | { errors: TrainingProfileErrors } => {
  const whole = Object.fromEntries(PHYSIOLOGY_FIELDS.map((field) => [field, parseField(values[field])]));
  const parsed = RiderSettingsRequest.safeParse(whole);
  if (!parsed.success) {
    const errors: TrainingProfileErrors = {};
    for (const issue of parsed.error.issues) {
      const [key] = issue.path;
      const at = isField(key) ? key : 'thresholdHeartrate';
      errors[at] ??= issue.message;
    }
    return { errors };
  }
  const input: RiderSettingsInput = {};
  for (const field of PHYSIOLOGY_FIELDS) {
    const value = parsed.data[field] ?? null;
    if (value !== saved[field]) input[field] = value;
  }
  return { input };
};
