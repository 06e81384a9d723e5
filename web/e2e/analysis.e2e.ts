import { expect, test, type Page } from '@playwright/test';
import { AnalysisMessages, COACH_QUICK_QUESTIONS } from '@domestique/proto/messages';
import { connectAndSync } from './support/kit.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 5's journeys in Chromium: a free rider analyses rides until the red limit banner shows and
 * the next attempt is refused with its message; a pro rider chats with a coach that names one of
 * their rides.
 */
const register = (page: Page, firstName: string) =>
  registerRider(page, { prefix: 'analysis', firstName, lastName: 'Rider' });

test('a free rider analyses rides until the limit, and the next attempt is refused with its message', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await register(page, 'Fay');
  await connectAndSync(page, 8);

  await page.goto('/rides');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Rides' })).toBeVisible();
  await expect(page.getByText(AnalysisMessages.limitWarningTitle)).toBeHidden();
  const generate = page.getByRole('button', { name: 'Generate AI Feedback' });
  await expect(generate.first()).toBeVisible({ timeout: 30_000 });

  const analysedBadges = page.getByText('AI Analyzed', { exact: true });
  await expect(analysedBadges).toHaveCount(0);
  for (let i = 1; i <= 5; i += 1) {
    const card = page.getByRole('article').filter({ has: generate }).first();
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await card.getByRole('button', { name: 'Generate AI Feedback' }).click();
    await expect(
      card
        .getByRole('button', { name: 'Analyzing...' })
        .or(page.getByText(AnalysisMessages.analysisComplete)),
    ).toBeVisible();
    await expect(page.getByText(AnalysisMessages.analysisComplete)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(AnalysisMessages.feedbackReadyRefreshing)).toBeVisible();
    await reloaded;
    // after the reload: one more ride shows its badge and its feedback
    await expect(analysedBadges).toHaveCount(i, { timeout: 15_000 });
    await expect(page.getByTestId('ai-feedback').filter({ visible: true })).toHaveCount(i);
    if (i === 4) await expect(page.getByText(AnalysisMessages.limitWarningTitle)).toBeVisible();
  }

  await expect(page.getByText(AnalysisMessages.limitReachedTitle)).toBeVisible();
  await expect(page.getByText(AnalysisMessages.limitWarningTitle)).toBeHidden();
  const next = page.getByRole('article').filter({ has: generate }).first();
  await next.getByRole('button', { name: 'Generate AI Feedback' }).click();
  await expect(page.getByText('Analysis Failed', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(AnalysisMessages.monthlyLimitReached(5))).toBeVisible();
  await expect(next.getByText('AI Analysis Pending')).toBeVisible();

  // the server enforces it too, and the dashboard shows the same banner
  const limit = await page.request.get('/api/user/monthly-analysis-limit');
  expect(await limit.json()).toEqual({ hasLimit: true, used: 5, limit: 5, remaining: 0, limitReached: true });
  await page.goto('/dashboard');
  await expect(page.getByText(AnalysisMessages.limitReachedTitle)).toBeVisible();
});

test('a pro rider chats with the coach, who answers about one of their rides', async ({ page }) => {
  test.setTimeout(300_000);
  const { userId, email } = await register(page, 'Pia');
  const { names: rides } = await connectAndSync(page, 4);

  // free riders see the unlock panel and the server refuses the chat
  await page.goto('/coach');
  await expect(page.getByRole('heading', { name: 'Unlock AI Coaching Chat' })).toBeVisible();
  expect((await page.request.post('/api/coach/chat', { data: { message: 'Hi' } })).status()).toBe(403);

  // the admin sets the tier; a fresh sign-in carries it
  await changeRiderTier(page, { userId, email }, 'pro');

  await page.goto('/coach');
  await expect(page.getByText('PRO', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: COACH_QUICK_QUESTIONS[0] }).click();
  await expect(page.getByText(AnalysisMessages.messageSent, { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(AnalysisMessages.coachResponded)).toBeVisible();
  const log = page.getByRole('log', { name: 'Conversation with your coach' });
  await expect(log.getByText(COACH_QUICK_QUESTIONS[0])).toBeVisible();
  const answer = (await log.getByTestId('chat-exchange').last().textContent()) ?? '';
  expect(rides.some((name) => answer.includes(name))).toBe(true);

  // a typed message; an empty one is not sent
  const input = page.getByRole('textbox', { name: 'Message your coach' });
  await input.fill('   ');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await input.fill('How should I pace my next long ride?');
  await input.press('Enter');
  await expect(log.getByTestId('chat-exchange')).toHaveCount(2, { timeout: 30_000 });
  await expect(input).toHaveValue('');
  const history = await page.request.get('/api/coach/chat');
  const messages = (await history.json()) as { message: string }[];
  expect(messages.map((m) => m.message)).toEqual([
    'How should I pace my next long ride?',
    COACH_QUICK_QUESTIONS[0],
  ]);
});
