import { Button, Card, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { toast } from '../../../app/toaster';
import { calendarApi } from '../api/calendar-api';

/**
 * The plan as an iCalendar feed (issue 23, section 5): a secret address, shown once; asking for it
 * again replaces it, so a reset is confirmed first.
 */
export function CalendarFeedCard() {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const create = async (): Promise<boolean> => {
    setBusy(true);
    try {
      setUrl((await calendarApi.createFeed()).url);
      return true;
    } catch (error) {
      toast.error(
        'The calendar feed could not be made',
        error instanceof Error ? error.message : String(error),
      );
      return false;
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed address copied');
    } catch {
      toast.error('Copy failed', 'Select the address and copy it yourself.');
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="calendar-feed-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="calendar-feed-heading">
          Your plan in your calendar app
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          A private address for Google Calendar, Apple Calendar or Outlook: your sessions appear there and
          stay up to date. Keep it to yourself: anyone with it can see your plan.
        </Text>
      </Card.Header>
      <Card.Body>
        {url ? (
          <Stack gap="3">
            <HStack gap="2">
              <Input
                readOnly
                value={url}
                aria-label="Calendar feed address"
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copy()}>Copy</Button>
            </HStack>
            <HStack gap="3" wrap="wrap">
              <ConfirmDialog
                trigger={{ label: 'Reset address', size: 'sm' }}
                title="Reset the feed address?"
                body="The current address stops working at once: calendars subscribed to it stop updating until you add the new one."
                cancelLabel="Cancel"
                confirmLabel="Reset address"
                busyLabel="Resetting..."
                busy={busy}
                onConfirm={create}
              />
            </HStack>
          </Stack>
        ) : (
          <Stack gap="2" align="start">
            <Button
              colorPalette="brand"
              loading={busy}
              loadingText="Making your address..."
              onClick={() => void create()}
            >
              Subscribe in your calendar app
            </Button>
            <Text fontSize="xs" color="fg.muted">
              The address is shown once. Asking for it again makes a new one and the old one stops working.
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
