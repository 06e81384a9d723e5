import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** the form's submit handler (it calls `event.preventDefault()` itself) */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  submitLabel: string;
  /** the submit button's label while `busy` */
  busyLabel: string;
  busy: boolean;
  /** the submit button is disabled (e.g. while a required field is empty) */
  submitDisabled?: boolean;
  cancelLabel?: string;
  /** long forms scroll inside the dialog */
  scrollInside?: boolean;
  children: ReactNode;
}

/**
 * A dialog holding one form: title, the fields, Cancel and a submit button that shows `busyLabel`
 * while the submission runs. Enter submits; the dialog cannot be dismissed by an outside click
 * mid-submission, so nothing typed is lost.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  submitLabel,
  busyLabel,
  busy,
  submitDisabled = false,
  cancelLabel = 'Cancel',
  scrollInside = false,
  children,
}: FormDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      closeOnInteractOutside={!busy}
      scrollBehavior={scrollInside ? 'inside' : undefined}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form noValidate style={{ display: 'contents' }} onSubmit={(event) => void onSubmit(event)}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button" disabled={busy}>
                    {cancelLabel}
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  colorPalette="brand"
                  disabled={submitDisabled}
                  loading={busy}
                  loadingText={busyLabel}
                >
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
