import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { decide, EXCEPTIONS_FILE, readExceptions } from '../audit.mjs';

/** `npm run audit`'s decision on canned `npm audit --omit=dev --json` output (npm 10, report v2). */

const advisory = (name: string, severity: string, ghsa: string, source: number) => ({
  source,
  name,
  dependency: name,
  title: `${severity} issue in ${name}`,
  url: `https://github.com/advisories/${ghsa}`,
  severity,
  cwe: ['CWE-1321'],
  range: '<2.0.0',
});

const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    lodash: {
      name: 'lodash',
      severity: 'critical',
      isDirect: false,
      via: [advisory('lodash', 'critical', 'GHSA-jf85-cpcp-j695', 1096305)],
      effects: ['wrapper'],
      range: '<=4.17.11',
      nodes: ['node_modules/lodash'],
      fixAvailable: true,
    },
    // an effect: vulnerable only through lodash, listed by name
    wrapper: {
      name: 'wrapper',
      severity: 'critical',
      isDirect: true,
      via: ['lodash'],
      effects: [],
      range: '1.x',
      nodes: ['node_modules/wrapper'],
      fixAvailable: false,
    },
    multi: {
      name: 'multi',
      severity: 'high',
      isDirect: true,
      via: [
        advisory('multi', 'high', 'GHSA-r4q5-vmmm-2653', 1100001),
        advisory('multi', 'low', 'GHSA-9wv6-86v2-598j', 1100002),
      ],
      effects: [],
      range: '<2.0.0',
      nodes: ['node_modules/multi'],
      fixAvailable: true,
    },
    semver: {
      name: 'semver',
      severity: 'moderate',
      isDirect: false,
      via: [advisory('semver', 'moderate', 'GHSA-c2qf-rxjj-qqgw', 1101088)],
      effects: [],
      range: '7.0.0 - 7.5.1',
      nodes: ['node_modules/semver'],
      fixAvailable: true,
    },
  },
  metadata: { vulnerabilities: { info: 0, low: 1, moderate: 1, high: 1, critical: 2, total: 5 } },
};

const only = (...names: string[]) => ({
  ...report,
  vulnerabilities: Object.fromEntries(
    Object.entries(report.vulnerabilities).filter(([name]) => names.includes(name)),
  ),
});
const none = { exceptions: [] };
const justification = 'Only reachable through the admin CSV export, which never parses untrusted input.';

describe('dependency audit decision', () => {
  it('passes a report with no high or critical advisory', () => {
    expect(decide(only('semver'), none)).toMatchObject({ verdict: 'pass', blocking: [], reason: null });
    expect(decide({ ...report, vulnerabilities: {} }, none).verdict).toBe('pass');
  });

  it('fails on each high or critical advisory once, not on the packages that merely depend on it', () => {
    const result = decide(report, none);
    expect(result.verdict).toBe('fail');
    expect(result.blocking.map((f) => [f.package, f.advisory, f.severity])).toEqual([
      ['lodash', 'GHSA-jf85-cpcp-j695', 'critical'],
      ['multi', 'GHSA-r4q5-vmmm-2653', 'high'],
    ]);
  });

  it('lets a justified exception excuse exactly its advisory (by GHSA id or URL), and reports stale ones', () => {
    const exceptions = {
      exceptions: [
        { package: 'lodash', advisory: 'GHSA-jf85-cpcp-j695', justification },
        { package: 'multi', advisory: 'https://github.com/advisories/GHSA-r4q5-vmmm-2653', justification },
        { package: 'left-pad', advisory: 'GHSA-xxxx-xxxx-xxxx', justification },
      ],
    };
    const result = decide(report, exceptions);
    expect(result.verdict).toBe('pass');
    expect(result.excused.map((f) => [f.package, f.justification])).toEqual([
      ['lodash', justification],
      ['multi', justification],
    ]);
    expect(result.stale.map((e) => e.package)).toEqual(['left-pad']);
  });

  it('does not let an exception for one package or advisory excuse another', () => {
    const result = decide(report, {
      exceptions: [
        { package: 'wrapper', advisory: 'GHSA-jf85-cpcp-j695', justification },
        { package: 'multi', advisory: 'GHSA-9wv6-86v2-598j', justification },
      ],
    });
    expect(result.verdict).toBe('fail');
    expect(result.blocking.map((f) => f.package)).toEqual(['lodash', 'multi']);
  });

  it('refuses an exception without a justification, and a file of the wrong shape', () => {
    const result = decide(only('lodash'), {
      exceptions: [{ package: 'lodash', advisory: 'GHSA-jf85-cpcp-j695', justification: '  ' }],
    });
    expect(result.verdict).toBe('fail');
    expect(result.problems).toEqual(['exception 1 has no justification']);
    expect(readExceptions([]).problems).toEqual(['the file must hold { "exceptions": [...] }']);
  });

  it('says plainly when the audit endpoint could not be used, instead of passing as if audited', () => {
    // what npm 10 prints when the registry answers the bulk advisory call with 405
    const refused = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    };
    const result = decide(refused, none);
    expect(result.verdict).toBe('unreachable');
    expect(result.reason).toContain('405 Method Not Allowed');
    expect(decide(null, none)).toMatchObject({
      verdict: 'unreachable',
      reason: 'npm audit printed no JSON report',
    });
    expect(
      decide({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' } }, none)
        .reason,
    ).toBe('getaddrinfo ENOTFOUND registry.npmjs.org');
    // a broken exceptions file still fails, reachable or not
    expect(decide(refused, { exceptions: [{ package: 'x' }] }).verdict).toBe('fail');
  });

  it('the committed exceptions file is valid and justifies every entry', () => {
    const { problems } = readExceptions(JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8')));
    expect(problems).toEqual([]);
  });
});
