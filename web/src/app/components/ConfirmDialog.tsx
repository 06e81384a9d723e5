import { Button, Dialog, Portal, Text, type ButtonProps } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  /** the button that opens the dialog */
  trigger: { label: ReactNode; size?: ButtonProps['size']; variant?: ButtonProps['variant'] };
  title: string;
  body: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  /** the confirm button's label while `busy` */
  busyLabel: string;
  busy: boolean;
  /** resolves true when the action went through (the dialog then closes) */
  onConfirm: () => Promise<boolean>;
}

/**
 * Confirmation before a destructive action: an alert dialog opened by its own trigger button, with a
 * cancel action and a red confirm button that shows `busyLabel` while the action runs.
 */
export function ConfirmDialog({
  trigger,
  title,
  body,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={!busy}
    >
      <Dialog.Trigger asChild>
        <Button variant={trigger.variant ?? 'outline'} colorPalette="red" size={trigger.size}>
          {trigger.label}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{typeof body === 'string' ? <Text>{body}</Text> : body}</Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="red"
                loading={busy}
                loadingText={busyLabel}
                onClick={() => {
                  void onConfirm().then((done) => {
                    if (done) setOpen(false);
                  });
                }}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
