import type { MovePlanSessionResultDto, PlanSessionDto } from '@domestique/proto';
import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { toast } from '../../../app/toaster';
import { dayLabel } from '../../training/load-ranges';
import {
  canDropOn,
  canMove,
  clampDay,
  findSession,
  keyedDay,
  longDay,
  type CalendarDay,
} from '../calendar-grid';
import type { MoveOutcome } from './use-calendar';

/** A session picked up with the keyboard, and the day it would be dropped on. */
export interface PickedSession {
  sessionId: string;
  target: string;
}

/** The outcome of the last move, shown above the calendar. */
export type MoveCheck = { ok: true; week: MovePlanSessionResultDto['week'] } | { ok: false; message: string };

/** "Week of Mar 9: 420 TSS planned for a target of 450 TSS." */
export const weekCheckText = (week: MovePlanSessionResultDto['week']): string =>
  `Week of ${dayLabel(week.weekStart)}: ${Math.round(week.plannedLoad)} TSS planned for a target of ${Math.round(
    week.targetLoad,
  )} TSS.`;

/** The MIME type a dragged session's id travels under. */
const DRAG_TYPE = 'text/plain';

/**
 * Moving sessions (issue 23, section 2), by drag and drop and by the keyboard: the Move button picks a
 * session up, the arrow keys choose the day (a day either side, or a week), Enter or Space drops it
 * and Escape puts it down where it was; each step is announced. Both ways send the same move.
 */
export function useSessionMover({
  days,
  range,
  today,
  move,
}: {
  days: readonly CalendarDay[];
  range: { from: string; to: string };
  today: string;
  move: (sessionId: string, date: string) => Promise<MoveOutcome>;
}) {
  const [picked, setPicked] = useState<PickedSession | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [check, setCheck] = useState<MoveCheck | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const current = useRef(days);
  current.current = days;

  // the moved session is drawn in another day's cell: its Move button takes the focus back
  useEffect(() => {
    if (!focusId) return;
    document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(focusId)}"] [data-move]`)?.focus();
    setFocusId(null);
  }, [focusId, days]);

  const commit = useCallback(
    async (sessionId: string, date: string) => {
      const session = findSession(current.current, sessionId);
      if (!session || !canMove(session, today)) return;
      if (date === session.date) {
        setAnnouncement(`${session.title} stays on ${longDay(date)}.`);
        return;
      }
      if (!canDropOn(date, today)) {
        setAnnouncement(`${longDay(date)} has gone by: ${session.title} stays on ${longDay(session.date)}.`);
        return;
      }
      setAnnouncement(`Moving ${session.title} to ${longDay(date)}.`);
      const outcome = await move(sessionId, date);
      setCheck(outcome);
      setFocusId(sessionId);
      if (outcome.ok) {
        const text = weekCheckText(outcome.week);
        setAnnouncement(
          `${session.title} moved to ${longDay(date)}. ${text} ${outcome.week.warning ?? ''}`.trim(),
        );
        if (outcome.week.warning) toast.warning('Session moved', `${text} ${outcome.week.warning}`);
        else toast.success('Session moved', text);
      } else {
        setAnnouncement(
          `${session.title} could not be moved: ${outcome.message} It stays on ${longDay(session.date)}.`,
        );
        toast.error('The session could not be moved', outcome.message);
      }
    },
    [move, today],
  );

  /** The Move button: picks the session up, or drops it on the day chosen. */
  const onMoveClick = useCallback(
    (session: PlanSessionDto) => {
      if (picked?.sessionId === session.id) {
        setPicked(null);
        void commit(session.id, picked.target);
        return;
      }
      setPicked({ sessionId: session.id, target: session.date });
      setAnnouncement(
        `Picked up ${session.title} on ${longDay(session.date)}. Use the arrow keys to choose a day, Enter to drop it, Escape to cancel.`,
      );
    },
    [picked, commit],
  );

  /** The arrow keys choose the day of a picked-up session; Escape puts it down where it was. */
  const onMoveKey = useCallback(
    (session: PlanSessionDto, event: KeyboardEvent) => {
      if (picked?.sessionId !== session.id) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setPicked(null);
        setAnnouncement(`Move cancelled: ${session.title} stays on ${longDay(session.date)}.`);
        return;
      }
      const next = keyedDay(picked.target, event.key);
      if (!next) return;
      event.preventDefault();
      const target = clampDay(next, range);
      setPicked({ sessionId: session.id, target });
      setAnnouncement(
        canDropOn(target, today) ? longDay(target) : `${longDay(target)}, gone by: not a day to move to`,
      );
    },
    [picked, range, today],
  );

  /** Focus leaving a picked-up session's Move button puts it down. */
  const onMoveBlur = useCallback(
    (session: PlanSessionDto) => {
      if (picked?.sessionId === session.id) setPicked(null);
    },
    [picked],
  );

  const onDragStart = useCallback((session: PlanSessionDto, event: DragEvent) => {
    event.dataTransfer?.setData(DRAG_TYPE, session.id);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    setDragging(session.id);
  }, []);

  const onDragEnd = useCallback(() => setDragging(null), []);

  /** A day takes a dragged session when it has not gone by. */
  const onDragOver = useCallback(
    (date: string, event: DragEvent) => {
      if (!dragging || !canDropOn(date, today)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
    },
    [dragging, today],
  );

  const onDrop = useCallback(
    (date: string, event: DragEvent) => {
      event.preventDefault();
      const sessionId = event.dataTransfer?.getData(DRAG_TYPE) || dragging;
      setDragging(null);
      if (sessionId) void commit(sessionId, date);
    },
    [dragging, commit],
  );

  return {
    picked,
    dragging,
    announcement,
    check,
    handlers: { onMoveClick, onMoveKey, onMoveBlur, onDragStart, onDragEnd, onDragOver, onDrop },
  };
}

export type SessionMoveHandlers = ReturnType<typeof useSessionMover>['handlers'];
