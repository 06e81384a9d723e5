import { Badge, Box, HStack, IconButton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { PlanSessionDto } from '@domestique/proto';
import { MdOpenWith } from 'react-icons/md';
import { formatDuration } from '../../../app/format';
import { VERDICT_LABELS } from '../../plans/plan-text';
import { canMove, longDay, TYPE_PALETTES } from '../calendar-grid';
import type { PickedSession, SessionMoveHandlers } from '../hooks/use-session-mover';

/** "Completed, score 92: Done as planned", "Missed", "Planned" */
export const statusText = (session: PlanSessionDto): string => {
  switch (session.status) {
    case 'completed':
      return session.compliance
        ? `Completed, score ${Math.round(session.compliance.score)}: ${VERDICT_LABELS[session.compliance.verdict].toLowerCase()}`
        : 'Completed';
    case 'missed':
      return 'Missed';
    case 'planned':
      return 'Planned';
  }
};

/** The verdict on a chip, where the full words do not fit. */
const VERDICT_SHORT: Record<NonNullable<PlanSessionDto['compliance']>['verdict'], string> = {
  done: 'Done',
  partial: 'Partial',
  harder: 'Harder',
};

const STATUS_PALETTES: Record<PlanSessionDto['status'], string> = {
  planned: 'gray',
  completed: 'green',
  missed: 'red',
};

/**
 * One planned session on the calendar: its title opens the detail; a session still to ride can be
 * dragged to another day, or moved with its Move button and the keyboard.
 */
export function SessionChip({
  session,
  today,
  picked,
  handlers,
  onOpen,
}: {
  session: PlanSessionDto;
  today: string;
  picked: PickedSession | null;
  handlers: SessionMoveHandlers;
  onOpen: (session: PlanSessionDto) => void;
}) {
  const movable = canMove(session, today);
  const isPicked = picked?.sessionId === session.id;
  const palette = TYPE_PALETTES[session.type];
  return (
    <HStack
      data-session-id={session.id}
      draggable={movable}
      onDragStart={movable ? (event) => handlers.onDragStart(session, event) : undefined}
      onDragEnd={handlers.onDragEnd}
      gap="1"
      align="start"
      rounded="md"
      borderLeftWidth="4px"
      borderColor={`${palette}.solid`}
      bg={`${palette}.subtle`}
      px="1.5"
      py="1"
      cursor={movable ? 'grab' : undefined}
      outline={isPicked ? '2px dashed' : undefined}
      outlineColor="brand.solid"
      opacity={session.status === 'missed' ? 0.7 : 1}
    >
      <Box
        as="button"
        flex="1"
        minW="0"
        textAlign="start"
        onClick={() => onOpen(session)}
        _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
      >
        <Stack gap="0.5">
          <Text fontSize="xs" fontWeight="semibold" lineClamp={2}>
            {session.title}
          </Text>
          <Text fontSize="2xs" color="fg.muted">
            {formatDuration(session.durationS)} · {Math.round(session.plannedLoad)} TSS
          </Text>
          {session.status === 'planned' ? null : (
            <Badge size="xs" colorPalette={STATUS_PALETTES[session.status]} alignSelf="start" aria-hidden>
              {session.status === 'completed' && session.compliance
                ? `${VERDICT_SHORT[session.compliance.verdict]} · ${Math.round(session.compliance.score)}`
                : statusText(session)}
            </Badge>
          )}
          {/* the badge's short form, said in full */}
          <VisuallyHidden>{statusText(session)}</VisuallyHidden>
        </Stack>
      </Box>
      {movable ? (
        <IconButton
          data-move
          size="2xs"
          variant={isPicked ? 'solid' : 'ghost'}
          colorPalette="brand"
          aria-pressed={isPicked}
          aria-label={
            isPicked && picked
              ? `Drop ${session.title} on ${longDay(picked.target)}`
              : `Move ${session.title}`
          }
          onClick={() => handlers.onMoveClick(session)}
          onKeyDown={(event) => handlers.onMoveKey(session, event)}
          onBlur={() => handlers.onMoveBlur(session)}
        >
          <MdOpenWith />
        </IconButton>
      ) : null}
    </HStack>
  );
}
