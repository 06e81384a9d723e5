// The ride page in the browser (issue 20): how long Debian's Chromium takes to draw a 4-hour 1 Hz
// ride's page, at a laptop's and a phone's width. Measured from the page itself: the navigation's
// start to the charts' first frame (the page sets the mark 'ride-page:charts-drawn' in the frame after
// it drew them), and the streams' arrival to that frame (the drawing alone). Budget: at most 1 s.
import { chromium } from 'playwright-core';
import { CHROMIUM } from './web.mjs';

export const RIDE_PAGE_DRAW_BUDGET_MS = 1000;

const CHARTS_DRAWN_MARK = 'ride-page:charts-drawn';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

/** The bench's 4-hour ride of `userId` (stored by ride-page.mjs). */
const benchRideId = async (pool, userId) => {
  const { rows } = await pool.query(
    `SELECT id FROM rides.rides WHERE user_id = $1 AND external_id = 'bench-ride-page'`,
    [userId],
  );
  if (!rows[0]) throw new Error('the ride page bench ride is not stored yet (run ride-page.mjs first)');
  return rows[0].id;
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Opens the page `runs` times per viewport (a fresh browser context each, so nothing is cached but
 * the HTTP cache is cold as on a first visit) signed in with `cookie`; answers the median and worst
 * of the total (navigation to charts drawn) and of the drawing (streams received to charts drawn),
 * and when the page's code and its streams had arrived.
 */
export const measureRidePageDraw = async ({ pool, userId, gatewayUrl, cookie, runs = 5 }) => {
  const rideId = await benchRideId(pool, userId);
  const url = new URL(`/rides/${rideId}`, gatewayUrl);
  const [name, value] = cookie.split(';')[0].split('=');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const results = {};
    for (const viewport of VIEWPORTS) {
      const totals = [];
      const draws = [];
      const data = [];
      const pageCode = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport });
        await context.addCookies([{ name, value, url: url.origin }]);
        const page = await context.newPage();
        await page.goto(url.href);
        await page.waitForFunction(
          (mark) => performance.getEntriesByName(mark).length > 0,
          CHARTS_DRAWN_MARK,
          {
            timeout: 30_000,
          },
        );
        const timing = await page.evaluate((mark) => {
          const drawn = performance.getEntriesByName(mark)[0].startTime;
          const streams = performance
            .getEntriesByType('resource')
            .find((entry) => /\/api\/rides\/[^/]+\/streams/.test(entry.name));
          const chunk = performance
            .getEntriesByType('resource')
            .find((entry) => /\/assets\/RidePage-[^/]+\.js$/.test(entry.name));
          return {
            total: drawn,
            draw: streams ? drawn - streams.responseEnd : NaN,
            data: streams ? streams.responseEnd : NaN,
            pageCode: chunk ? chunk.responseEnd : NaN,
          };
        }, CHARTS_DRAWN_MARK);
        totals.push(timing.total);
        draws.push(timing.draw);
        data.push(timing.data);
        pageCode.push(timing.pageCode);
        await context.close();
      }
      results[viewport.name] = {
        totalMedian: median(totals),
        totalMax: Math.max(...totals),
        drawMedian: median(draws),
        drawMax: Math.max(...draws),
        /** when the page's own code, and then its streams, had arrived (medians, from the navigation's start) */
        pageCodeMedian: median(pageCode),
        dataMedian: median(data),
      };
    }
    return results;
  } finally {
    await browser.close();
  }
};
