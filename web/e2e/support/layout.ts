import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Checks of how a screen is laid out in the browser: nothing wider than the screen, nothing cut off,
 * no errors in the console.
 */

/** The screens the layout checks run at: a phone (375x812) and a laptop (1280x800). */
export const SCREEN_SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The page does not scroll sideways: the document is no wider than the window. */
export const expectNoSidewaysScroll = async (page: Page): Promise<void> => {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `document ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(
    innerWidth,
  );
};

/** Each element is drawn, and drawn wholly between the window's left and right edges. */
export const expectWithinWindowWidth = async (page: Page, elements: Locator): Promise<void> => {
  const innerWidth = await page.evaluate(() => window.innerWidth);
  const count = await elements.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const element = elements.nth(index);
    await expect(element).toBeVisible();
    const name = (await element.textContent())?.trim();
    // polled: a drawer or menu may still be sliding in when it becomes visible
    const edges = async () => {
      const box = (await element.boundingBox())!;
      return { left: box.x, right: Math.round(box.x + box.width) };
    };
    await expect
      .poll(async () => (await edges()).left, { message: `"${name}" starts left of the window` })
      .toBeGreaterThanOrEqual(0);
    await expect
      .poll(async () => (await edges()).right, {
        message: `"${name}" ends right of the ${innerWidth}px window`,
      })
      .toBeLessThanOrEqual(innerWidth);
  }
};

/** Each element shows its whole text: nothing cut off or truncated by its own box. */
export const expectTextNotCut = async (elements: Locator): Promise<void> => {
  const count = await elements.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const cut = await elements.nth(index).evaluate((el) => ({
      text: el.textContent,
      cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
    }));
    expect(cut.cut, `"${cut.text}" is cut off`).toBe(false);
  }
};

/**
 * Every text drawn inside each chart (axis ticks and legends, labels) lies within the chart's SVG,
 * which clips whatever falls outside it.
 */
export const expectChartTextsInside = async (charts: Locator): Promise<void> => {
  // a tab just switched to draws its charts a moment later
  await expect(charts.first()).toBeVisible();
  const count = await charts.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const outside = await charts.nth(index).evaluate((svg) => {
      const frame = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((text) => (text.textContent ?? '').trim() !== '')
        .filter((text) => {
          const box = text.getBoundingClientRect();
          return (
            box.left < frame.left - 0.5 ||
            box.right > frame.right + 0.5 ||
            box.top < frame.top - 0.5 ||
            box.bottom > frame.bottom + 0.5
          );
        })
        .map((text) => text.textContent);
    });
    expect(outside, 'chart texts drawn outside the chart').toEqual([]);
  }
};

/** Every text drawn in a chart's SVG (tick labels, axis legends), trimmed. */
export const chartTexts = (chart: Locator): Promise<string[]> =>
  chart.evaluate((svg) => [...svg.querySelectorAll('text')].map((text) => (text.textContent ?? '').trim()));

/** Collects what the page logs as errors (console errors and uncaught exceptions) from now on. */
export const recordConsoleErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
};
