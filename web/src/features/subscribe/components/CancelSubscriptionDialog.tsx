import { ConfirmDialog } from '../../../app/components/ConfirmDialog';

interface CancelSubscriptionDialogProps {
  canceling: boolean;
  /** "until the end of your billing period on {date}" when known */
  periodEnd: string | null;
  /** resolves true when the cancellation went through (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
}

/** Cancel Subscription with its confirmation (spec section 2): Keep Subscription / Yes, Cancel. */
export function CancelSubscriptionDialog({ canceling, periodEnd, onConfirm }: CancelSubscriptionDialogProps) {
  return (
    <ConfirmDialog
      trigger={{ label: 'Cancel Subscription' }}
      title="Cancel your subscription?"
      body={`Your access continues until the end of your current billing period${periodEnd ? ` (${periodEnd})` : ''}. After that your account moves to the Free plan.`}
      cancelLabel="Keep Subscription"
      confirmLabel="Yes, Cancel"
      busyLabel="Canceling..."
      busy={canceling}
      onConfirm={onConfirm}
    />
  );
}
