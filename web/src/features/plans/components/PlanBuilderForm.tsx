import '../../../app/zod-jitless';
import {
  Button,
  Card,
  Checkbox,
  Fieldset,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  PLAN_WEEKLY_HOURS_MAX,
  PLAN_WEEKLY_HOURS_MIN,
  WEEKDAYS,
  type CreatePlanRequest,
  type EventType,
  type TrainingPlanDto,
  type Weekday,
} from '@domestique/proto';
import { useMemo } from 'react';
import { browserTimeZone } from '../../../app/browser-time-zone';
import { FormAlert } from '../../../app/components/FormAlert';
import { FormField } from '../../../app/components/FormField';
import { useSpecForm } from '../../../app/forms/use-spec-form';
import { toast } from '../../../app/toaster';
import { plansApi } from '../api/plans-api';
import {
  eventDateWindow,
  fieldOfMessage,
  inWeekOrder,
  PLAN_FORM_DEFAULTS,
  planFormSchema,
  planRequestFrom,
  toggleRidingDay,
  WEEKDAY_LABELS,
} from '../plan-form';

/**
 * The plan builder (issue 23, section 1): the event, its date and type, the hours and days the rider
 * has. Checked in the browser with the contract's schema (and the date window the service checks),
 * then built by the server; its refusal lands on the field it is about, or above the form.
 */
export function PlanBuilderForm({
  today,
  onCreated,
}: {
  today: string;
  onCreated: (plan: TrainingPlanDto) => void;
}) {
  const schema = useMemo(() => planFormSchema(today), [today]);
  const dates = eventDateWindow(today);
  const tz = browserTimeZone();
  const { values, change, submit, fail, fieldError, formError, pending } = useSpecForm(
    schema,
    PLAN_FORM_DEFAULTS,
    {
      toRequest: (typed) => planRequestFrom(typed, tz),
    },
  );
  const set = (field: 'eventName' | 'eventDate' | 'weeklyHours') => (event: { target: { value: string } }) =>
    change(field, event.target.value);

  const toggleDay = (day: Weekday) => {
    const next = toggleRidingDay(values, day);
    change('ridingDays', next.ridingDays);
    if (next.longRideDay !== values.longRideDay) change('longRideDay', next.longRideDay);
  };

  const send = submit(async (request: CreatePlanRequest) => {
    try {
      const plan = await plansApi.create(request);
      toast.success('Your plan is ready', `${plan.weeks.length} weeks to ${plan.eventName}.`);
      onCreated(plan);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      fail(message, { field: fieldOfMessage(message) });
    }
  });

  return (
    <Card.Root as="section" aria-labelledby="plan-builder-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="plan-builder-heading">
          Build your plan
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Tell us your event and the time you have: the plan ramps your fitness safely from where it is today,
          with recovery weeks, and explains every choice.
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={send} noValidate aria-label="Build your plan">
          <Stack gap="5">
            {formError ? <FormAlert message={formError.message} /> : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Event or goal" error={fieldError('eventName')} required>
                <Input
                  name="eventName"
                  value={values.eventName}
                  maxLength={100}
                  placeholder="e.g. Marmotte Gran Fondo"
                  onChange={set('eventName')}
                />
              </FormField>
              <FormField label="Event date" error={fieldError('eventDate')} required>
                <Input
                  name="eventDate"
                  type="date"
                  min={dates.min}
                  max={dates.max}
                  value={values.eventDate}
                  onChange={set('eventDate')}
                />
              </FormField>
              <FormField label="Event type" error={fieldError('eventType')}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="eventType"
                    value={values.eventType}
                    onChange={(event) => change('eventType', event.target.value as EventType)}
                  >
                    {EVENT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {EVENT_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField
                label="Weekly hours"
                error={fieldError('weeklyHours')}
                helper={`${PLAN_WEEKLY_HOURS_MIN} to ${PLAN_WEEKLY_HOURS_MAX} hours a week`}
                required
              >
                <Input
                  name="weeklyHours"
                  type="number"
                  inputMode="decimal"
                  min={PLAN_WEEKLY_HOURS_MIN}
                  max={PLAN_WEEKLY_HOURS_MAX}
                  step={0.5}
                  value={values.weeklyHours}
                  onChange={set('weeklyHours')}
                />
              </FormField>
            </SimpleGrid>
            <Fieldset.Root invalid={Boolean(fieldError('ridingDays'))}>
              <Fieldset.Legend>Days you can ride</Fieldset.Legend>
              <Fieldset.Content>
                <SimpleGrid columns={{ base: 2, sm: 4, md: 7 }} gap="2">
                  {WEEKDAYS.map((day) => (
                    <Checkbox.Root
                      key={day}
                      checked={values.ridingDays.includes(day)}
                      onCheckedChange={() => toggleDay(day)}
                    >
                      <Checkbox.HiddenInput name="ridingDays" value={day} />
                      <Checkbox.Control />
                      <Checkbox.Label>{WEEKDAY_LABELS[day]}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </SimpleGrid>
              </Fieldset.Content>
              <Fieldset.ErrorText>{fieldError('ridingDays')}</Fieldset.ErrorText>
            </Fieldset.Root>
            <FormField
              label="Long ride day"
              error={fieldError('longRideDay')}
              helper="The day of the week's longest ride"
            >
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="longRideDay"
                  value={values.longRideDay}
                  onChange={(event) => change('longRideDay', event.target.value as Weekday | '')}
                >
                  <option value="">Last riding day of the week</option>
                  {inWeekOrder(values.ridingDays).map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_LABELS[day]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={pending}
              loadingText="Building your plan..."
              disabled={pending}
            >
              Build my plan
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
