import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';

interface DisconnectStravaDialogProps {
  disconnecting: boolean;
  /** resolves true when the disconnect succeeded (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
}

/** Profile's "Disconnect" with its confirmation (spec section 2: "Disconnect from Strava?"). */
export function DisconnectStravaDialog({ disconnecting, onConfirm }: DisconnectStravaDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={!disconnecting}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" colorPalette="red" size="sm">
          Disconnect
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Disconnect from Strava?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                Syncing of new rides will stop. Your existing ride data will be preserved, and you can
                reconnect Strava at any time.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={disconnecting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={disconnecting}
                loadingText="Disconnecting..."
                onClick={() => {
                  void onConfirm().then((done) => {
                    if (done) setOpen(false);
                  });
                }}
              >
                Disconnect Strava
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
