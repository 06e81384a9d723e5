import { Alert, Button, Card, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import { toast } from '../../../app/toaster';
import { useResource } from '../../../app/rest/use-resource';
import { calendarApi } from '../api/calendar-api';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const sinceFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The plan as an iCalendar feed (issue 23, section 5): a secret address, shown once when it is made.
 * The server says whether a feed is live (never its address again), so a rider coming back sees it
 * and can reset it (the old address stops working, confirmed first) or stop it.
 */
export function CalendarFeedCard() {
  const { value: status, retry } = useResource('calendar-feed', (signal) => calendarApi.feedStatus(signal));
  const [url, setUrl] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Runs a change with the buttons busy; false (and a toast) when it failed. */
  const change = async (title: string, run: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    try {
      await run();
      return true;
    } catch (error) {
      toast.error(title, messageOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    change('The calendar feed could not be made', async () => {
      setUrl((await calendarApi.createFeed()).url);
      setStopped(false);
    });

  const stop = () =>
    change('The calendar feed could not be stopped', async () => {
      await calendarApi.stopFeed();
      setUrl(null);
      setStopped(true);
      toast.success('Calendar feed stopped', 'Its address no longer shows your plan.');
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed address copied');
    } catch {
      toast.error('Copy failed', 'Select the address and copy it yourself.');
    }
  };

  const live = url !== null || (!stopped && status.state === 'ready' && status.data.active);
  const liveSince =
    url === null && status.state === 'ready' && status.data.createdAt
      ? sinceFormat.format(new Date(status.data.createdAt))
      : null;

  const actions = (
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
      <ConfirmDialog
        trigger={{ label: 'Stop the feed', size: 'sm', variant: 'ghost' }}
        title="Stop the calendar feed?"
        body="Its address stops working at once and your sessions leave the calendars subscribed to it."
        cancelLabel="Cancel"
        confirmLabel="Stop the feed"
        busyLabel="Stopping..."
        busy={busy}
        onConfirm={stop}
      />
    </HStack>
  );

  const body = () => {
    if (url)
      return (
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
          <Text fontSize="xs" color="fg.muted">
            Copy it now: it is shown only this once.
          </Text>
          {actions}
        </Stack>
      );
    if (status.state === 'loading')
      return <Skeleton height="10" rounded="md" aria-label="Loading the calendar feed" />;
    if (status.state === 'failed' && !stopped)
      return (
        <Alert.Root status="error" rounded="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The calendar feed could not be loaded</Alert.Title>
            <Alert.Description>{status.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={retry}>
            Try again
          </Button>
        </Alert.Root>
      );
    if (live)
      return (
        <Stack gap="3">
          <Text>
            Your feed is live{liveSince ? ` (address made ${liveSince})` : ''}. Its address was shown once;
            reset it to get a new one.
          </Text>
          {actions}
        </Stack>
      );
    return (
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
    );
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
      <Card.Body>{body()}</Card.Body>
    </Card.Root>
  );
}
