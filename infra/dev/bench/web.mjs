// The web app's share of the benchmark: what the first screen downloads, and Lighthouse's
// performance and accessibility scores in Debian's Chromium against the gateway serving the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { ROOT } from '../env.mjs';

export const WEB_DIST = join(ROOT, 'web/dist');

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

/**
 * Lighthouse on each `{url, desktop}` in one Chromium: its default mobile settings (simulated slow 4G,
 * a 4x slower CPU), or its desktop preset. Answers the performance and accessibility scores (0-100)
 * and the main timings of each.
 */
export const lighthouseScores = async (pages) => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const { url, desktop = false } of pages) {
      const { lhr } = await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        },
        desktop ? desktopConfig : undefined,
      );
      if (lhr.runtimeError)
        throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({
        url,
        desktop,
        performance: Math.round(lhr.categories.performance.score * 100),
        accessibility: Math.round(lhr.categories.accessibility.score * 100),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => a.id),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
};
