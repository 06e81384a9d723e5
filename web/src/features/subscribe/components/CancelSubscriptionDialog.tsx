import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';

interface CancelSubscriptionDialogProps {
  canceling: boolean;
  /** "until the end of your billing period on {date}" when known */
  periodEnd: string | null;
  /** resolves true when the cancellation went through (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
}

/** Cancel Subscription with its confirmation (spec section 2): Keep Subscription / Yes, Cancel. */
export function CancelSubscriptionDialog({ canceling, periodEnd, onConfirm }: CancelSubscriptionDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={!canceling}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red">
          Cancel Subscription
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Cancel your subscription?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Your access continues until the end of your current billing period
                {periodEnd ? ` (${periodEnd})` : ''}. After that your account moves to the Free plan.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={canceling}>
                  Keep Subscription
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={canceling}
                loadingText="Canceling..."
                onClick={() => {
                  void onConfirm().then((done) => {
                    if (done) setOpen(false);
                  });
                }}
              >
                Yes, Cancel
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
