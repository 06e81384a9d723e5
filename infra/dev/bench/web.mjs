// The web app's share of the benchmark: what the first screen downloads, and Lighthouse's
// performance and accessibility scores in Debian's Chromium against the gateway serving the build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ROOT } from '../env.mjs';

/** The build the gateway serves: web/dist, or `--web-dist=<dir>` (e.g. to compare two builds). */
export const WEB_DIST = resolve(
  process.argv.find((a) => a.startsWith('--web-dist='))?.slice('--web-dist='.length) ??
    join(ROOT, 'web/dist'),
);

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * The JavaScript index.html loads before anything renders (its module script and modulepreloads),
 * gzipped at level 6 as a server would send it; answers the total and each file, in bytes.
 */
export const initialJs = (dist = WEB_DIST) => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1] ?? m[2]);
  const sizes = files.map((file) => {
    const body = readFileSync(join(dist, file));
    return { file, bytes: body.length, gzip: gzipSync(body, { level: 6 }).length };
  });
  return { files: sizes, gzip: sizes.reduce((sum, f) => sum + f.gzip, 0) };
};

/** `--lighthouse-reports=<dir>`: where each run's Lighthouse report (JSON) is kept, to look into a score. */
const REPORT_DIR = process.argv
  .find((a) => a.startsWith('--lighthouse-reports='))
  ?.slice('--lighthouse-reports='.length);

/** Keeps a run's report as `<dir>/<label or path>-<mobile|desktop>-<round>.json`. */
const keepReport = (dir, { url, desktop, label }, round, lhr) => {
  mkdirSync(dir, { recursive: true });
  const page = label ?? new URL(url).pathname.replace(/^\/$/, '/index').slice(1).replaceAll('/', '_');
  writeFileSync(
    join(dir, `${page}-${desktop ? 'desktop' : 'mobile'}-${round + 1}.json`),
    JSON.stringify(lhr),
  );
};

/**
 * Lighthouse on each `{url, desktop, label}` in one Chromium, `runs` times over: its default mobile
 * settings (simulated slow 4G, a 4x slower CPU), or its desktop preset. Answers, per page, every
 * run's performance and accessibility scores (0-100) and main timings, in the order run; with
 * `reportDir`, keeps each run's whole report there.
 */
export const lighthouseScores = async (pages, runs = 1, { reportDir = REPORT_DIR } = {}) => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const results = pages.map((page) => ({ ...page, desktop: page.desktop ?? false, runs: [] }));
    // round after round, so a busy moment of the machine weighs on every page alike
    for (let round = 0; round < runs; round++) {
      for (const result of results) {
        const { lhr, ...run } = await lighthouseRun(chrome.port, result);
        if (reportDir) keepReport(reportDir, result, round, lhr);
        result.runs.push(run);
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
};

/** How often a run Lighthouse could not record (e.g. NO_NAVSTART on a busy machine) is tried again. */
const LIGHTHOUSE_RETRIES = 2;

const lighthouseRun = async (port, { url, desktop }, retries = LIGHTHOUSE_RETRIES) => {
  const { lhr } = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    desktop ? desktopConfig : undefined,
  );
  if (lhr.runtimeError) {
    if (retries > 0) return lighthouseRun(port, { url, desktop }, retries - 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lhr,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    /** the main thread's time evaluating, compiling and parsing scripts (4x CPU on mobile) */
    scriptMs: audit('bootup-time'),
    cls: audit('cumulative-layout-shift'),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id),
  };
};

/** The middle value (the lower middle of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** What the web section's budgets are: the first screen's JS, and Lighthouse's scores. */
export const WEB_BUDGETS = { initialJsGzipBytes: 200 * 1024, performance: 95, accessibility: 95 };

const ms = (value) => `${Math.round(value)} ms`;

/**
 * The web section of `npm run bench`: the first screen's JavaScript, then Lighthouse's mobile
 * performance of `/` and `/auth` (a signed-out visitor's first screens) against the bar of 95, each
 * the median of `runs` runs with the spread (simulated throttling scales what the CPU really took,
 * so a busy machine moves the score by several points), and the accessibility scores.
 */
export const webSection = async ({ gatewayUrl, row, runs }) => {
  const js = initialJs();
  row(
    'web',
    `initial JS (${js.files.length} files)`,
    `${(js.gzip / 1024).toFixed(1)} kB gzip (${js.files.map((f) => `${f.file.replace('/assets/', '')} ${(f.gzip / 1024).toFixed(1)}`).join(', ')})`,
    `<= ${WEB_BUDGETS.initialJsGzipBytes / 1024} KB`,
    js.gzip <= WEB_BUDGETS.initialJsGzipBytes,
  );
  const pages = await lighthouseScores(
    [{ url: `${gatewayUrl}/` }, { url: `${gatewayUrl}/auth` }, { url: `${gatewayUrl}/`, desktop: true }],
    runs,
  );
  for (const page of pages) {
    const path = new URL(page.url).pathname;
    const performance = median(page.runs.map((r) => r.performance));
    const middle = page.runs.find((r) => r.performance === performance);
    const scores = page.runs.map((r) => r.performance);
    row(
      'web',
      `Lighthouse ${page.desktop ? 'desktop' : 'mobile'} performance ${path} (${page.desktop ? 'desktop preset' : 'default mobile: simulated slow 4G, 4x CPU'}; median of ${page.runs.length})`,
      `${performance} (runs ${scores.join(', ')}; median run: FCP ${ms(middle.fcpMs)}, LCP ${ms(middle.lcpMs)}, TBT ${ms(middle.tbtMs)}, CLS ${middle.cls.toFixed(3)})` +
        (middle.failing.length ? `; below 0.9: ${middle.failing.join(', ')}` : ''),
      `>= ${WEB_BUDGETS.performance}`,
      performance >= WEB_BUDGETS.performance,
    );
  }
  const accessibility = pages.map((page) => ({
    path: `${new URL(page.url).pathname}${page.desktop ? ' (desktop)' : ''}`,
    score: Math.min(...page.runs.map((r) => r.accessibility)),
  }));
  row(
    'web',
    'Lighthouse accessibility (lowest run of each page)',
    accessibility.map((a) => `${a.path} ${a.score}`).join(', '),
    `>= ${WEB_BUDGETS.accessibility} each`,
    accessibility.every((a) => a.score >= WEB_BUDGETS.accessibility),
  );
};
