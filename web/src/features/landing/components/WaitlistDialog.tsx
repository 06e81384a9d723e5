import { Button, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useEliteWaitlist } from '../../subscribe/hooks/use-elite-waitlist';

interface WaitlistDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Get Notified About Elite Plan" (spec sections 2, 4, 5): an email, Cancel and Notify Me (disabled
 * while the trimmed email is empty). On success the dialog closes and the email is cleared.
 */
export function WaitlistDialog({ open, onOpenChange }: WaitlistDialogProps) {
  const [email, setEmail] = useState('');
  const { submit, submitting } = useEliteWaitlist();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || submitting) return;
    if (await submit(email)) {
      setEmail('');
      onOpenChange(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      closeOnInteractOutside={!submitting}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <form noValidate style={{ display: 'contents' }} onSubmit={(event) => void onSubmit(event)}>
              <Dialog.Header>
                <Dialog.Title>Get Notified About Elite Plan</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text color="fg.muted">
                    Elite adds AI coaching chat, custom training plans and race preparation. Leave your email
                    and we will tell you the day it opens.
                  </Text>
                  <Field.Root required>
                    <Field.Label>Email</Field.Label>
                    <Input
                      type="email"
                      name="email"
                      autoComplete="email"
                      placeholder="you@example.com"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                      disabled={submitting}
                    />
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button" disabled={submitting}>
                    Cancel
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  type="submit"
                  colorPalette="brand"
                  disabled={!email.trim()}
                  loading={submitting}
                  loadingText="Notify Me"
                >
                  Notify Me
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
