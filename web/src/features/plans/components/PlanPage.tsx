import { Button, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { TrainingPlanDto } from '@domestique/proto';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { LoadErrorAlert } from '../../../app/components/LoadErrorAlert';
import { PageContainer } from '../../../app/layout/PageContainer';
import { toast } from '../../../app/toaster';
import { useToday } from '../../training/hooks/use-training';
import { plansApi } from '../api/plans-api';
import { isForbidden, useCurrentPlan } from '../hooks/use-current-plan';
import { mondayOf } from '../plan-text';
import { EliteGate, type LockedTexts } from './EliteGate';
import { EliteLockedPanel } from './EliteLockedPanel';
import { PlanAdjustments } from './PlanAdjustments';
import { PlanBuilderForm } from './PlanBuilderForm';
import { PlanSummary } from './PlanSummary';
import { PlanWeeksTable } from './PlanWeeksTable';
import { RacePrepSection } from './RacePrepSection';

export const PLAN_LOCKED: LockedTexts = {
  title: 'Training plans are an Elite feature',
  text: 'Build a periodised plan for your event, with weekly load targets from your own fitness, race preparation and pacing for the course.',
};

/** Ends the plan after a confirmation (its sessions leave the calendar). */
function EndPlanButton({ onEnded }: { onEnded: () => void }) {
  const [busy, setBusy] = useState(false);
  const end = async (): Promise<boolean> => {
    setBusy(true);
    try {
      await plansApi.end();
      toast.success('Plan ended');
      onEnded();
      return true;
    } catch (error) {
      toast.error('The plan could not be ended', error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      trigger={{ label: 'End plan' }}
      title="End this plan?"
      body="Its sessions leave your calendar and its adjustments are lost. Your rides stay."
      cancelLabel="Keep plan"
      confirmLabel="End plan"
      busyLabel="Ending..."
      busy={busy}
      onConfirm={end}
    />
  );
}

function PlanView({
  plan,
  today,
  onChange,
}: {
  plan: TrainingPlanDto;
  today: string;
  onChange: (plan: TrainingPlanDto | null) => void;
}) {
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Button asChild colorPalette="brand">
          <RouterLink to="/calendar">Open the calendar</RouterLink>
        </Button>
        <EndPlanButton onEnded={() => onChange(null)} />
      </HStack>
      <PlanSummary plan={plan} today={today} />
      <PlanAdjustments adjustments={plan.adjustments} />
      <PlanWeeksTable weeks={plan.weeks} currentWeekStart={mondayOf(today)} />
      <RacePrepSection plan={plan} onChange={onChange} />
    </Stack>
  );
}

function PlanScreen() {
  const today = useToday();
  const { value, replace, retry } = useCurrentPlan();
  switch (value.state) {
    case 'loading':
      return (
        <Stack gap="4" aria-busy="true" aria-label="Loading your plan">
          <Skeleton height="40" rounded="lg" />
          <Skeleton height="64" rounded="lg" />
        </Stack>
      );
    case 'failed':
      return isForbidden(value.error) ? (
        <EliteLockedPanel title={PLAN_LOCKED.title} text={value.error.message} />
      ) : (
        <LoadErrorAlert title="Your plan could not be loaded." error={value.error} onRetry={retry} />
      );
    case 'ready':
      return value.data ? (
        <PlanView plan={value.data} today={today} onChange={replace} />
      ) : (
        <PlanBuilderForm today={today} onCreated={replace} />
      );
  }
}

/**
 * /plan (issue 23): the Elite rider's plan builder, then the plan: its phases, weeks, adjustments and
 * race preparation. Pro and Free riders see it locked (EliteGate).
 */
export function PlanPage() {
  return (
    <PageContainer
      title="Training Plan"
      description="A periodised plan for your event, built from your own numbers and explained in plain words."
    >
      <EliteGate locked={PLAN_LOCKED}>
        <PlanScreen />
      </EliteGate>
    </PageContainer>
  );
}
