import { Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { FormDialog } from '../../../app/components/FormDialog';
import { FormField } from '../../../app/components/FormField';
import {
  GOAL_DESCRIPTION_MAX_LENGTH,
  GOAL_TITLE_MAX_LENGTH,
  GOAL_TYPES,
  type GoalType,
} from '@domestique/proto/messages';
import { useEffect } from 'react';
import { toast } from '../../../app/toaster';
import { FormAlert } from '../../../app/components/FormAlert';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import {
  GOAL_FORM_SCHEMAS,
  goalRequestFrom,
  goalTypeLabel,
  goalUnit,
  type GoalFormValues,
} from '../goal-form';
import type { UnitSystem } from '../../../app/units/units';
import { useUnits } from '../../../app/units/use-units';
import type { GoalInput } from '../../../gql/graphql';

const MODES = {
  create: { title: 'Create New Goal', submit: 'Create Goal', busy: 'Creating...' },
  edit: { title: 'Edit Goal', submit: 'Save Changes', busy: 'Saving...' },
} as const;

/** The number inputs' attributes: targets and progress are decimals, never negative. */
const DECIMAL_INPUT = { type: 'number', inputMode: 'decimal', min: '0', step: 'any' } as const;

/** "Target (miles)" ("Target (km)" in metric), "Target (hours)", ..., "Target Value" for custom goals. */
export const targetLabel = (type: GoalType, system: UnitSystem = 'imperial'): string =>
  goalUnit(type, system) ? `Target (${goalUnit(type, system)})` : 'Target Value';

/** The Create New Goal modal of spec section 2, also used to edit a goal. */
export function GoalFormDialog({
  mode,
  open,
  onOpenChange,
  initial,
  busy,
  onSubmit,
}: {
  mode: keyof typeof MODES;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: GoalFormValues;
  busy: boolean;
  /** resolves true when saved (the dialog then closes) */
  onSubmit: (input: GoalInput) => Promise<boolean>;
}) {
  const editing = mode === 'edit';
  const { system } = useUnits();
  const { values, change, submit, reset, formError } = useSpecForm(GOAL_FORM_SCHEMAS[mode], initial, {
    toRequest: (typed) => goalRequestFrom(typed, editing, system),
  });
  useEffect(() => {
    if (open) reset(initial);
  }, [open, initial, reset]);
  const texts = MODES[mode];
  const set = (field: keyof GoalFormValues) => (event: { target: { value: string } }) =>
    change(field, event.target.value);

  const save = submit(
    async (input: GoalInput) => {
      if (await onSubmit(input)) onOpenChange(false);
    },
    (errors) => {
      if (errors.root?.message) toast.error('Error', errors.root.message);
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      onSubmit={save}
      submitLabel={texts.submit}
      busyLabel={texts.busy}
      busy={busy}
      scrollInside
    >
      <Stack gap="4">
        {formError ? <FormAlert message={formError.message} /> : null}
        <FormField label="Goal Title" required>
          <Input
            name="title"
            value={values.title}
            maxLength={GOAL_TITLE_MAX_LENGTH}
            placeholder={`e.g. Ride 100 ${goalUnit('distance', system)} this month`}
            onChange={set('title')}
          />
        </FormField>
        <FormField label="Description (Optional)">
          <Textarea
            name="description"
            rows={3}
            value={values.description}
            maxLength={GOAL_DESCRIPTION_MAX_LENGTH}
            onChange={set('description')}
          />
        </FormField>
        <FormField label="Goal Type">
          <NativeSelect.Root>
            <NativeSelect.Field name="type" value={values.type} onChange={set('type')}>
              {GOAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {goalTypeLabel(type, system)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label={targetLabel(values.type, system)} required>
          <Input
            name="targetValue"
            {...DECIMAL_INPUT}
            value={values.targetValue}
            onChange={set('targetValue')}
          />
        </FormField>
        {mode === 'edit' && values.type === 'custom' ? (
          <FormField label="Current Progress" helper="Custom goals are counted by hand.">
            <Input
              name="currentValue"
              {...DECIMAL_INPUT}
              value={values.currentValue}
              onChange={set('currentValue')}
            />
          </FormField>
        ) : null}
        <FormField label="Target Date" required>
          <Input name="targetDate" type="date" value={values.targetDate} onChange={set('targetDate')} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
