import { Input, Stack, Text } from '@chakra-ui/react';
import { FormDialog } from '../../../app/components/FormDialog';
import { FormField } from '../../../app/components/FormField';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Get Notified About Elite Plan"
      onSubmit={onSubmit}
      submitLabel="Notify Me"
      busyLabel="Notify Me"
      busy={submitting}
      submitDisabled={!email.trim()}
    >
      <Stack gap="4">
        <Text color="fg.muted">
          Elite adds AI coaching chat, custom training plans and race preparation. Leave your email and we
          will tell you the day it opens.
        </Text>
        <FormField label="Email" required>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={submitting}
          />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
