import {
  Badge,
  Box,
  Button,
  Flex,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
} from '@chakra-ui/react';
import {
  CYCLING_SPORT_TYPES,
  RIDE_FILTER_MAX_MILES,
  RIDE_FILTER_MAX_MINUTES,
  RIDE_SORT_FIELDS,
  RIDE_SORT_ORDERS,
  type CyclingSportType,
  type RideSortField,
  type RideSortOrder,
} from '@domestique/proto/messages';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MdClose, MdFilterList } from 'react-icons/md';
import { FormField } from '../../../../app/components/FormField';
import { Tooltip } from '../../../../app/components/Tooltip';
import { axisLabel, fromImperial, UNIT_WORDS, type UnitSystem } from '../../../../app/units/units';
import { useUnits } from '../../../../app/units/use-units';
import {
  activeFilterCount,
  ORDER_LABELS,
  rideTypeLabel,
  SORT_LABELS,
  withoutFilters,
  type RideFilters,
} from './ride-filters';

/** The typed fields, as typed (applied when the field is left or the form is submitted). */
interface Draft {
  from: string;
  to: string;
  minDistance: string;
  maxDistance: string;
  minDuration: string;
  maxDuration: string;
}
type DraftErrors = Partial<Record<keyof Draft, string>>;

/**
 * The API filters distances in miles (spec section 7); the rider types them in their own unit.
 * Imperial passes through untouched; metric shows km to 2 decimals and sends miles.
 */
const distanceShown = (miles: number | undefined, system: UnitSystem): string =>
  miles === undefined
    ? ''
    : system === 'imperial'
      ? miles.toString()
      : String(Math.round(fromImperial(system, 'distance', miles) * 100) / 100);
const toMiles = (shown: number, system: UnitSystem): number =>
  system === 'imperial' ? shown : shown / fromImperial(system, 'distance', 1);

const draftOf = (filters: RideFilters, system: UnitSystem): Draft => ({
  from: filters.from ?? '',
  to: filters.to ?? '',
  minDistance: distanceShown(filters.minDistance, system),
  maxDistance: distanceShown(filters.maxDistance, system),
  minDuration: filters.minDuration?.toString() ?? '',
  maxDuration: filters.maxDuration?.toString() ?? '',
});

const distanceError = (system: UnitSystem): string =>
  `Enter ${UNIT_WORDS[system].distance} from 0 to ${distanceShown(RIDE_FILTER_MAX_MILES, system)}`;
const DURATION_ERROR = `Enter whole minutes from 0 to ${RIDE_FILTER_MAX_MINUTES}`;

const number = (text: string, max: number, integer: boolean): number | undefined | null => {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max && (!integer || Number.isInteger(value))
    ? value
    : null;
};

/** The draft as filters, or the problem of each field that cannot be applied. */
export const readDraft = (
  draft: Draft,
  system: UnitSystem = 'imperial',
): { values: Partial<RideFilters>; errors: DraftErrors } => {
  const errors: DraftErrors = {};
  const maxShown = Number(distanceShown(RIDE_FILTER_MAX_MILES, system));
  const inMiles = (shown: number | undefined | null) =>
    shown == null ? shown : Math.min(toMiles(shown, system), RIDE_FILTER_MAX_MILES);
  const minDistance = inMiles(number(draft.minDistance, maxShown, false));
  const maxDistance = inMiles(number(draft.maxDistance, maxShown, false));
  const minDuration = number(draft.minDuration, RIDE_FILTER_MAX_MINUTES, true);
  const maxDuration = number(draft.maxDuration, RIDE_FILTER_MAX_MINUTES, true);
  if (minDistance === null) errors.minDistance = distanceError(system);
  if (maxDistance === null) errors.maxDistance = distanceError(system);
  if (minDuration === null) errors.minDuration = DURATION_ERROR;
  if (maxDuration === null) errors.maxDuration = DURATION_ERROR;
  if (minDistance != null && maxDistance != null && minDistance > maxDistance)
    errors.maxDistance = 'Max distance must not be less than min distance';
  if (minDuration != null && maxDuration != null && minDuration > maxDuration)
    errors.maxDuration = 'Max duration must not be less than min duration';
  if (draft.from && draft.to && draft.from > draft.to) errors.to = 'To must not be before From';
  return {
    values: {
      from: draft.from || undefined,
      to: draft.to || undefined,
      minDistance: minDistance ?? undefined,
      maxDistance: maxDistance ?? undefined,
      minDuration: minDuration ?? undefined,
      maxDuration: maxDuration ?? undefined,
    },
    errors,
  };
};

function Select({
  value,
  onChange,
  children,
}: {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)} bg="bg">
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The rides page's filter and sort controls (spec section 2's filter state): sort and order
 * always visible; the eight filters in a panel that opens with "Filters" (open when any is on).
 * Lists and choices apply at once; typed values when the field is left or Enter is pressed.
 */
export function RideFiltersBar({
  filters,
  onChange,
}: {
  filters: RideFilters;
  onChange: (next: RideFilters) => void;
}) {
  const panelId = useId();
  const count = activeFilterCount(filters);
  const [open, setOpen] = useState(count > 0);
  const { system } = useUnits();
  const [draft, setDraft] = useState(() => draftOf(filters, system));
  const [errors, setErrors] = useState<DraftErrors>({});
  // the URL changed (Back, Clear filters, another link): the typed fields follow it
  const [shown, setShown] = useState(filters);
  const [shownIn, setShownIn] = useState(system);
  if (shown !== filters || shownIn !== system) {
    setShown(filters);
    setShownIn(system);
    setDraft(draftOf(filters, system));
    setErrors({});
  }

  const apply = (next: Draft = draft) => {
    const read = readDraft(next, system);
    setErrors(read.errors);
    if (Object.keys(read.errors).length === 0) onChange({ ...filters, ...read.values });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  const typed = (name: keyof Draft, label: string, type: 'date' | 'number', step?: string) => (
    <FormField label={label} error={errors[name]}>
      <Input
        type={type}
        name={name}
        inputMode={type === 'number' ? 'decimal' : undefined}
        min={type === 'number' ? 0 : undefined}
        step={step}
        value={draft[name]}
        bg="bg"
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
        onBlur={() => apply()}
      />
    </FormField>
  );

  return (
    <Box as="section" aria-label="Sort and filter rides" mb="6">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box flex={{ base: '1 1 40%', sm: '0 0 auto' }} minW="36">
          <FormField label="Sort by">
            <Select
              value={filters.sortBy}
              onChange={(value) => onChange({ ...filters, sortBy: value as RideSortField })}
            >
              {RIDE_SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {SORT_LABELS[field]}
                </option>
              ))}
            </Select>
          </FormField>
        </Box>
        <Box flex={{ base: '1 1 40%', sm: '0 0 auto' }} minW="40">
          <FormField label="Order">
            <Select
              value={filters.sortOrder}
              onChange={(value) => onChange({ ...filters, sortOrder: value as RideSortOrder })}
            >
              {[...RIDE_SORT_ORDERS].reverse().map((order) => (
                <option key={order} value={order}>
                  {ORDER_LABELS[filters.sortBy][order]}
                </option>
              ))}
            </Select>
          </FormField>
        </Box>
        <Button variant="outline" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <MdFilterList aria-hidden />
          Filters
          {count > 0 ? (
            <Badge colorPalette="brand" variant="solid" rounded="full" aria-label={`${count} on`}>
              {count}
            </Badge>
          ) : null}
        </Button>
        {count > 0 ? (
          <Tooltip content="Clear filters">
            <IconButton
              aria-label="Clear filters"
              variant="ghost"
              onClick={() => onChange(withoutFilters(filters))}
            >
              <MdClose />
            </IconButton>
          </Tooltip>
        ) : null}
      </Flex>

      <Box id={panelId} hidden={!open} mt="4">
        <Stack asChild gap="4" p={{ base: '4', md: '5' }} borderWidth="1px" rounded="lg" bg="bg.subtle">
          <form aria-label="Ride filters" noValidate onSubmit={submit}>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
              {typed('from', 'From', 'date')}
              {typed('to', 'To', 'date')}
              <FormField label="Ride type">
                <Select
                  value={filters.type ?? ''}
                  onChange={(value) =>
                    onChange({ ...filters, type: (value || undefined) as CyclingSportType | undefined })
                  }
                >
                  <option value="">Any type</option>
                  {CYCLING_SPORT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {rideTypeLabel(type)}
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="AI feedback">
                <Select
                  value={filters.hasAiFeedback === undefined ? '' : String(filters.hasAiFeedback)}
                  onChange={(value) =>
                    onChange({ ...filters, hasAiFeedback: value === '' ? undefined : value === 'true' })
                  }
                >
                  <option value="">Any</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </Select>
              </FormField>
              {typed('minDistance', axisLabel('Min distance', 'distance', system), 'number', 'any')}
              {typed('maxDistance', axisLabel('Max distance', 'distance', system), 'number', 'any')}
              {typed('minDuration', 'Min duration (min)', 'number', '1')}
              {typed('maxDuration', 'Max duration (min)', 'number', '1')}
            </SimpleGrid>
            <Flex justify="flex-end">
              <Button type="submit" colorPalette="brand">
                Apply filters
              </Button>
            </Flex>
          </form>
        </Stack>
      </Box>
    </Box>
  );
}
