export interface AuditFinding {
  package: string;
  advisory: string;
  severity: string;
  title: string;
  url: string;
  range: string;
}
export interface AuditException {
  package: string;
  advisory: string;
  justification: string;
}
export interface AuditDecision {
  verdict: 'pass' | 'fail' | 'unreachable';
  reason: string | null;
  problems: string[];
  blocking: AuditFinding[];
  excused: (AuditFinding & { justification: string })[];
  stale: AuditException[];
}
export const BLOCKING_SEVERITIES: string[];
export const EXCEPTIONS_FILE: string;
export function unreachableReason(report: unknown): string | null;
export function blockingFindings(report: unknown): AuditFinding[];
export function readExceptions(raw: unknown): { exceptions: AuditException[]; problems: string[] };
export function decide(report: unknown, rawExceptions: unknown): AuditDecision;
