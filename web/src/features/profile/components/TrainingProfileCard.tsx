import '../../../app/zod-jitless';
import {
  Badge,
  Button,
  Card,
  DataList,
  Heading,
  HStack,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { UNIT_SYSTEMS } from '@domestique/proto';
import { useEffect, useRef, useState } from 'react';
import { MdEdit } from 'react-icons/md';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { sentence, wattsPerKg } from '../../../app/format';
import { UNIT_SYSTEM_LABELS, type UnitSystem } from '../../../app/units/units';
import type { RiderSettingsInput } from '../../../gql/graphql';
import type { RiderSettings } from '../graphql/rider-settings.graphql';
import { useRiderSettings } from '../hooks/use-rider-settings';
import {
  estimateOf,
  formatPhysiology,
  PHYSIOLOGY_FIELDS,
  PHYSIOLOGY_LABELS,
  effectiveValue,
  type PhysiologyField,
} from '../training-profile';
import { TrainingProfileForm } from './TrainingProfileForm';

/** One value: the rider's own, or the estimate with its source and "Use estimate", or "Not set". */
function PhysiologyValue({
  field,
  settings,
  saving,
  onSave,
}: {
  field: PhysiologyField;
  settings: RiderSettings;
  saving: boolean;
  onSave: (input: RiderSettingsInput) => Promise<boolean>;
}) {
  const own = settings[field];
  const estimate = estimateOf(settings, field);
  const perKg = field === 'ftp' ? wattsPerKg(effectiveValue(settings, 'ftp'), settings.weightKg) : null;
  const value = own ?? estimate?.value ?? null;
  return (
    <Stack gap="1" align="flex-start">
      {value === null ? (
        <Text color="fg.muted">Not set</Text>
      ) : (
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{formatPhysiology(field, value, settings.units)}</Text>
          {perKg ? <Text color="fg.muted">· {perKg}</Text> : null}
          {own === null ? <Badge colorPalette="gray">Estimated</Badge> : null}
        </HStack>
      )}
      {own !== null ? (
        <Text fontSize="sm" color="fg.muted">
          Set by you
        </Text>
      ) : estimate ? (
        <>
          <Text fontSize="sm" color="fg.muted">
            {sentence(estimate.description)}
          </Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void onSave({ [field]: estimate.value })}
            disabled={saving}
            aria-label={`Use estimate for ${PHYSIOLOGY_LABELS[field].label} (${formatPhysiology(field, estimate.value, settings.units)})`}
          >
            Use estimate
          </Button>
        </>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {field === 'weightKg'
            ? 'Add your weight to see watts per kilogram.'
            : 'No estimate yet: it needs rides with power or heart-rate data.'}
        </Text>
      )}
    </Stack>
  );
}

/** The rider's unit system, saved as soon as it is chosen; every screen follows it. */
function UnitsChoice({
  units,
  saving,
  onSave,
}: {
  units: UnitSystem;
  saving: boolean;
  onSave: (units: UnitSystem) => Promise<boolean>;
}) {
  return (
    <NativeSelect.Root size="sm" maxW="xs" disabled={saving}>
      <NativeSelect.Field
        name="units"
        aria-label="Units"
        value={units}
        onChange={(event) => void onSave(event.currentTarget.value as UnitSystem)}
      >
        {UNIT_SYSTEMS.map((system) => (
          <option key={system} value={system}>
            {UNIT_SYSTEM_LABELS[system]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * The Training Profile card: FTP, threshold and max heart rate and weight, each the rider's own or
 * the estimate from their rides (with its source and one action to accept it); Edit sets or clears
 * them. Rides are measured against these values, so a change updates their IF, TSS and zones.
 */
export function TrainingProfileCard() {
  const { settings, loading, error, retry, save, saveUnits, saving } = useRiderSettings();
  const [editing, setEditing] = useState(false);
  // back on Edit once the form closes, so a keyboard user keeps their place
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const closeForm = () => {
    refocus.current = true;
    setEditing(false);
  };
  let body;
  if (settings && editing) {
    body = <TrainingProfileForm settings={settings} saving={saving} onSave={save} onDone={closeForm} />;
  } else if (settings) {
    body = (
      <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="4">
        {PHYSIOLOGY_FIELDS.map((field) => (
          <DataList.Item key={field} alignItems="flex-start">
            <DataList.ItemLabel>{PHYSIOLOGY_LABELS[field].label}</DataList.ItemLabel>
            <DataList.ItemValue>
              <PhysiologyValue field={field} settings={settings} saving={saving} onSave={save} />
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item alignItems="flex-start">
          <DataList.ItemLabel>Units</DataList.ItemLabel>
          <DataList.ItemValue>
            <UnitsChoice units={settings.units} saving={saving} onSave={saveUnits} />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    );
  } else if (loading) {
    body = (
      <Stack gap="3" role="status" aria-label="Loading training profile">
        {PHYSIOLOGY_FIELDS.map((field) => (
          <Skeleton key={field} height="6" />
        ))}
      </Stack>
    );
  } else {
    body = (
      <LoadErrorAlert
        title="Your training profile could not be loaded."
        error={error ?? new Error('No answer')}
        onRetry={retry}
      />
    );
  }
  return (
    <Card.Root as="section" aria-labelledby="training-profile-title">
      <Card.Header>
        <HStack justify="space-between" gap="4">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="training-profile-title">
              Training Profile
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Your rides&apos; intensity, training stress and zones are measured against these values.
            </Text>
          </Stack>
          {settings && !editing ? (
            <Button
              ref={editButton}
              variant="outline"
              size="sm"
              onClick={() => setEditing(true)}
              aria-label="Edit training profile"
            >
              <MdEdit aria-hidden />
              Edit
            </Button>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
