import type {
  EventType,
  PlanAdjustmentDto,
  PlannedWorkoutDto,
  PlanPhase,
  PlanSessionDto,
  PlanSessionStatus,
  PlanWeekDto,
  RacePrepDto,
  SessionComplianceDto,
  Weekday,
} from '@domestique/proto';

/** The plan engine's interface (the plans service codes against it). */

/** The rider's numbers the plan is built from. */
export interface PlanRider {
  /** null: heart-rate targets (targetHrZone), no power */
  ftp: number | null;
  /** threshold heart rate, bpm */
  lthr: number | null;
  weightKg: number | null;
  /** today's fitness (CTL) */
  startCtl: number;
  startAtl: number;
}

export interface PlanRequestInput {
  /** YYYY-MM-DD in the rider's time zone */
  today: string;
  eventName: string;
  /** YYYY-MM-DD, 28..364 days after today (checked by the service before) */
  eventDate: string;
  eventType: EventType;
  /** 2..25 */
  weeklyHours: number;
  /** 2..7 distinct */
  ridingDays: Weekday[];
  /** one of ridingDays */
  longRideDay: Weekday;
}

/** A planned session; `key` is stable within a plan (e.g. "w03-thu", "event"), unique. */
export interface EngineSession extends PlannedWorkoutDto {
  key: string;
  /** 1-based */
  week: number;
  phase: PlanPhase;
  role: PlanSessionDto['role'];
}

/** A week as the engine plans it: the answer's week without the loads counted from sessions and rides. */
export type EngineWeek = Omit<PlanWeekDto, 'plannedLoad' | 'completedLoad'>;

export interface BuiltPlan {
  startCtl: number;
  /** PLAN_RAMP_MAX_CTL_PER_WEEK */
  rampLimit: number;
  phases: { phase: PlanPhase; from: string; to: string }[];
  /** from the week containing `today` (Monday start) to the event's week */
  weeks: EngineWeek[];
  /** from today (never in the past) to the event day (role 'event' on eventDate) */
  sessions: EngineSession[];
  racePrep: Omit<RacePrepDto, 'pacing'>;
  explanation: string[];
}

/** A completed ride, for compliance. Streams are 1 Hz, may be null. */
export interface ComplianceRide {
  id: string;
  name: string;
  date: string;
  durationS: number;
  load: number | null;
  watts: number[] | null;
  heartrate: number[] | null;
}

/** A session's state as stored, for adaptation. */
export interface SettledSession extends EngineSession {
  /** 'planned' | 'completed' | 'missed' */
  status: PlanSessionStatus;
  compliance: SessionComplianceDto | null;
  originalDate: string | null;
}

export interface AdaptInput {
  today: string;
  /** today's */
  form: { ctl: number; atl: number; tsb: number };
  weeks: EngineWeek[];
  sessions: SettledSession[];
  /** rides of the last 7 days not matched to any session (e.g. a race on a rest day) */
  unplannedRides: ComplianceRide[];
  request: PlanRequestInput;
  rider: PlanRider;
  /** triggers already handled (Adjustment.trigger values stored): never produce them again */
  handled: ReadonlySet<string>;
}

export type AdjustmentChange =
  | { type: 'move'; date: string }
  /** same date, new content (easier session) */
  | { type: 'replace'; workout: PlannedWorkoutDto }
  | { type: 'drop' }
  | { type: 'week-target'; week: number; targetLoad: number };

export interface Adjustment {
  /** idempotency key, e.g. "missed:w03-thu", "harder:w03-tue", "week:4", "form:2026-12-03" */
  trigger: string;
  sessionKey: string | null;
  kind: PlanAdjustmentDto['kind'];
  /** plain words from the numbers */
  reason: string;
  change: AdjustmentChange;
}

export interface CoursePoint {
  lat: number;
  lng: number;
  ele: number | null;
}
