import { Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormActions } from '../../../app/components/FormActions';
import { FormField } from '../../../app/components/FormField';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import type { RiderSettingsInput } from '../../../gql/graphql';
import type { RiderSettings } from '../graphql/rider-settings.graphql';
import { formatWeight, weightToKg } from '../../../app/units/units';
import {
  estimateOf,
  formatPhysiology,
  PHYSIOLOGY_FIELDS,
  PHYSIOLOGY_LABELS,
  physiologyUnit,
  changedSettings,
  trainingProfileFormFrom,
  trainingProfileRequest,
  trainingProfileSchema,
  type PhysiologyField,
} from '../training-profile';

/** Under each input: what an empty field means, or the pounds typed in kilograms (imperial). */
const helperFor = (field: PhysiologyField, settings: RiderSettings, typed: string): string => {
  if (field === 'weightKg') {
    const pounds = Number(typed);
    return settings.units === 'imperial' && typed.trim() !== '' && Number.isFinite(pounds) && pounds > 0
      ? `= ${formatWeight(weightToKg(pounds, 'imperial'), 'metric')}`
      : 'Optional';
  }
  const estimate = estimateOf(settings, field);
  return estimate
    ? `Leave empty to use the estimate (${formatPhysiology(field, estimate.value, settings.units)})`
    : 'Leave empty to use the estimate once your rides give one';
};

/** Edit mode of the Training Profile card: four numbers, Save Changes and Cancel (or Escape). */
export function TrainingProfileForm({
  settings,
  saving,
  onSave,
  onDone,
}: {
  settings: RiderSettings;
  saving: boolean;
  onSave: (input: RiderSettingsInput) => Promise<boolean>;
  onDone: () => void;
}) {
  const [defaults] = useState(() => trainingProfileFormFrom(settings));
  const { values, change, fieldError, submit } = useSpecForm(
    trainingProfileSchema(settings.units),
    defaults,
    {
      toRequest: trainingProfileRequest(settings.units),
    },
  );

  const save = submit(async (request) => {
    const input = changedSettings(request, settings);
    if (Object.keys(input).length === 0 || (await onSave(input))) onDone();
  });

  return (
    <form
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) onDone();
      }}
      aria-label="Edit training profile"
      noValidate
    >
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {PHYSIOLOGY_FIELDS.map((field, index) => (
            <FormField
              key={field}
              label={`${PHYSIOLOGY_LABELS[field].label} (${physiologyUnit(field, settings.units)})`}
              error={fieldError(field)}
              helper={helperFor(field, settings, values[field])}
            >
              <Input
                name={field}
                inputMode={field === 'weightKg' ? 'decimal' : 'numeric'}
                autoComplete="off"
                value={values[field]}
                placeholder={estimateOf(settings, field)?.value.toString()}
                onChange={(event) => change(field, event.target.value)}
                disabled={saving}
                autoFocus={index === 0}
              />
            </FormField>
          ))}
        </SimpleGrid>
        <FormActions saving={saving} onCancel={onDone} />
      </Stack>
    </form>
  );
}
