#!/usr/bin/env node
// npm run audit: the production dependencies against the advisory database (`npm audit --omit=dev`).
// Fails on any high or critical advisory that security/audit-exceptions.json does not excuse with a
// justification. When the registry's audit endpoint cannot be reached (offline, or a mirror that
// answers 405) it says so plainly and exits 0: no audit was done, and nothing claims otherwise.
// `--strict` turns that case into a failure (exit 2), for a CI that does have the network.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './env.mjs';

export const BLOCKING_SEVERITIES = ['high', 'critical'];
export const EXCEPTIONS_FILE = join(ROOT, 'security/audit-exceptions.json');

/** An advisory's id: its GHSA id when the URL carries one, else npm's numeric source id. */
const advisoryId = (via) =>
  /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(via.url ?? '')?.[0] ?? String(via.source);

/**
 * Why the report is not an audit (the endpoint failed, or npm printed no report), or null for a real
 * report. npm prints `{ message, statusCode, ... }` or `{ error: { summary } }` when the call fails.
 */
export const unreachableReason = (report) => {
  if (report === null || typeof report !== 'object') return 'npm audit printed no JSON report';
  if (report.vulnerabilities && typeof report.vulnerabilities === 'object' && !report.error) return null;
  return (
    report.message ||
    report.error?.summary ||
    report.error?.code ||
    'npm audit printed no vulnerability report'
  );
};

/**
 * Every advisory at a blocking severity, once per (package, advisory). Entries whose `via` only names
 * other packages are effects of those packages' advisories, which are listed themselves.
 */
export const blockingFindings = (report) => {
  const found = new Map();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      if (typeof via !== 'object' || !BLOCKING_SEVERITIES.includes(via.severity)) continue;
      const finding = {
        package: via.name ?? vulnerability.name,
        advisory: advisoryId(via),
        severity: via.severity,
        title: via.title ?? '',
        url: via.url ?? '',
        range: via.range ?? '',
      };
      found.set(`${finding.package}\u0000${finding.advisory}`, finding);
    }
  }
  return [...found.values()].sort((a, b) =>
    `${a.package}${a.advisory}`.localeCompare(`${b.package}${b.advisory}`),
  );
};

/** The exceptions file's entries, and what is wrong with it (each entry needs all three fields). */
export const readExceptions = (raw) => {
  const problems = [];
  const entries = Array.isArray(raw?.exceptions) ? raw.exceptions : null;
  if (!entries) return { exceptions: [], problems: ['the file must hold { "exceptions": [...] }'] };
  const exceptions = [];
  entries.forEach((entry, index) => {
    const missing = ['package', 'advisory', 'justification'].filter(
      (field) => typeof entry?.[field] !== 'string' || entry[field].trim().length === 0,
    );
    if (missing.length) problems.push(`exception ${index + 1} has no ${missing.join(', ')}`);
    else exceptions.push(entry);
  });
  return { exceptions, problems };
};

/**
 * The verdict on one `npm audit --json` report: 'unreachable' (no audit happened), 'fail' (a blocking
 * advisory without an exception, or a broken exceptions file) or 'pass'. Exceptions that match no
 * finding are reported as stale so they get removed.
 */
export const decide = (report, rawExceptions) => {
  const { exceptions, problems } = readExceptions(rawExceptions);
  const reason = unreachableReason(report);
  if (reason)
    return {
      verdict: problems.length ? 'fail' : 'unreachable',
      reason,
      problems,
      blocking: [],
      excused: [],
      stale: [],
    };
  const findings = blockingFindings(report);
  const matches = (finding, exception) =>
    exception.package === finding.package &&
    (exception.advisory === finding.advisory || exception.advisory === finding.url);
  const excused = findings.flatMap((finding) => {
    const exception = exceptions.find((candidate) => matches(finding, candidate));
    return exception ? [{ ...finding, justification: exception.justification }] : [];
  });
  const blocking = findings.filter((finding) => !exceptions.some((exception) => matches(finding, exception)));
  const stale = exceptions.filter((exception) => !findings.some((finding) => matches(finding, exception)));
  const verdict = blocking.length || problems.length ? 'fail' : 'pass';
  return { verdict, reason: null, problems, blocking, excused, stale };
};

/** The report npm prints (parsed), or null when it printed no JSON. */
const runNpmAudit = () => {
  const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8' });
  try {
    return { report: JSON.parse(result.stdout), stderr: result.stderr };
  } catch {
    return { report: null, stderr: result.stderr || result.error?.message || '' };
  }
};

const main = () => {
  const strict = process.argv.includes('--strict');
  const rawExceptions = existsSync(EXCEPTIONS_FILE)
    ? JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8'))
    : { exceptions: [] };
  const { report, stderr } = runNpmAudit();
  const result = decide(report, rawExceptions);
  for (const problem of result.problems) console.error(`✖ security/audit-exceptions.json: ${problem}`);
  if (result.reason) {
    const detail = stderr.split('\n').find((line) => line.trim()) ?? '';
    console.warn(`⚠ Dependency audit NOT performed: the registry's audit endpoint could not be used.`);
    console.warn(
      `  npm said: ${result.reason}${detail && !detail.includes(result.reason) ? ` (${detail.trim()})` : ''}`,
    );
    console.warn('  Run `npm run audit` where registry.npmjs.org is reachable before a release.');
    process.exit(result.problems.length ? 1 : strict ? 2 : 0);
  }
  for (const finding of result.excused) {
    console.log(
      `• excused ${finding.severity} ${finding.package} ${finding.advisory}: ${finding.justification}`,
    );
  }
  for (const exception of result.stale) {
    console.warn(`⚠ stale exception (no such finding any more): ${exception.package} ${exception.advisory}`);
  }
  for (const finding of result.blocking) {
    console.error(
      `✖ ${finding.severity} ${finding.package} ${finding.advisory} ${finding.range} ${finding.title} ${finding.url}`,
    );
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(
    `npm audit --omit=dev: ${Object.entries(counts)
      .map(([severity, count]) => `${severity} ${count}`)
      .join(', ')}; ${result.blocking.length} blocking, ${result.excused.length} excused`,
  );
  process.exit(result.verdict === 'pass' ? 0 : 1);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
