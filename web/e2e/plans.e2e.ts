import {
  PlanMessages,
  WORKOUT_TYPE_LABELS,
  WEEKDAYS,
  type PlanSessionDto,
  type TrainingPlanDto,
  type UploadResponseDto,
  type WorkoutType,
} from '@domestique/proto';
import { Decoder, Stream } from '@garmin/fitsdk';
import { encodeRide } from '../../infra/dev/fit-ride.mjs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { withDb } from './support/kit.js';
import { expectNoSidewaysScroll, recordConsoleErrors, SCREEN_SIZES } from './support/layout.js';
import { changeRiderTier, registerRider } from './support/riders.js';

/**
 * Issue 23's "done when", in Chromium at a laptop's width: an Elite rider (set by an admin) builds a
 * 12-week gran fondo plan, sees it on the calendar, moves sessions with the keyboard and by drag and
 * drop, rides one and sees it matched with compliance, misses one and sees the plan adjust with a
 * reason, and exports a workout that parses back as the session's steps in .zwo and .fit; the
 * calendar's agenda on a phone. A Pro rider finds plans locked, and the server refuses them.
 */

const [phone, laptop] = SCREEN_SIZES;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** 0 = Monday ... 6 = Sunday */
const weekdayIndex = (day: string): number => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Today in the browser's zone, and when a ride of `seconds` ending by now (but starting today) starts. */
const browserClock = (page: Page, seconds: number) =>
  page.evaluate((length) => {
    const now = new Date();
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      today: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      rideStart: Math.max(now.getTime() - (length + 300) * 1000, midnight.getTime() + 60_000),
    };
  }, seconds);

const currentPlan = async (page: Page): Promise<TrainingPlanDto> => {
  const answer = await page.request.get('/api/plans/current');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as TrainingPlanDto;
};

const sessionById = async (page: Page, id: string): Promise<PlanSessionDto | undefined> =>
  (await currentPlan(page)).sessions.find((session) => session.id === id);

const dayCell = (page: Page, date: string): Locator => page.locator(`[data-date="${date}"]`);

/** A session's chip on the calendar (its title button opens the detail). */
const chip = (page: Page, session: PlanSessionDto): Locator =>
  page.locator(`[data-session-id="${session.id}"]`);

/** The session's timeline as a trainer holds it (the exporters' rule): ramp up, steady middles, ramp down. */
const expectedTimeline = (session: PlanSessionDto) =>
  session.steps.map((step, index) => {
    const [low, high] = step.targetPercentFtp!;
    const count = session.steps.length;
    if (index === 0 && count > 1) return { durationS: step.durationS, from: low, to: high };
    if (index === count - 1 && count > 2) return { durationS: step.durationS, from: high, to: low };
    return { durationS: step.durationS, from: (low + high) / 2, to: (low + high) / 2 };
  });

/** The .zwo's <workout> read by the browser's XML parser, IntervalsT expanded into its on/off steps. */
const readZwo = (page: Page, xml: string) =>
  page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) throw new Error('The .zwo is not well-formed XML');
    const workout = doc.querySelector('workout_file > workout');
    if (!workout) throw new Error('The .zwo has no <workout>');
    const number = (el: Element, name: string) => Number(el.getAttribute(name));
    const steps: { durationS: number; from: number; to: number }[] = [];
    for (const el of Array.from(workout.children)) {
      if (el.tagName === 'IntervalsT') {
        for (let i = 0; i < number(el, 'Repeat'); i += 1) {
          const on = number(el, 'OnPower') * 100;
          const off = number(el, 'OffPower') * 100;
          steps.push({ durationS: number(el, 'OnDuration'), from: on, to: on });
          steps.push({ durationS: number(el, 'OffDuration'), from: off, to: off });
        }
      } else if (el.tagName === 'SteadyState') {
        const power = number(el, 'Power') * 100;
        steps.push({ durationS: number(el, 'Duration'), from: power, to: power });
      } else {
        steps.push({
          durationS: number(el, 'Duration'),
          from: number(el, 'PowerLow') * 100,
          to: number(el, 'PowerHigh') * 100,
        });
      }
    }
    return { name: doc.querySelector('workout_file > name')?.textContent ?? '', steps };
  }, xml);

interface FitStep {
  durationTime?: number;
  customTargetPowerLow?: number;
  customTargetPowerHigh?: number;
  wktStepName?: string;
}

/** The .fit workout decoded with Garmin's SDK. */
const readFit = (bytes: Buffer) => {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  expect(decoder.isFIT() && decoder.checkIntegrity(), 'an intact FIT file').toBe(true);
  const { messages, errors } = decoder.read();
  expect(errors).toEqual([]);
  const typed = messages as { workoutMesgs?: { wktName?: string }[]; workoutStepMesgs?: FitStep[] };
  return { name: typed.workoutMesgs?.[0]?.wktName, steps: typed.workoutStepMesgs ?? [] };
};

/** Clicks an export link of the open session dialog and answers the downloaded file's bytes. */
const download = async (page: Page, dialog: Locator, format: 'zwo' | 'fit'): Promise<Buffer> => {
  const downloaded = page.waitForEvent('download');
  await dialog.getByRole('link', { name: `.${format}`, exact: true }).click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
  return readFile((await file.path())!);
};

/** The move the calendar reports: the week re-checked, and the session on its new day on the server. */
const expectMoved = async (page: Page, session: PlanSessionDto, date: string) => {
  await expect(page.getByTestId('calendar-announcer')).toContainText(`${session.title} moved to`);
  // the alert above the calendar (a toast may say the same)
  await expect(
    page.getByText(/^Week of .+: \d+ TSS planned for a target of \d+ TSS\.$/).first(),
  ).toBeVisible();
  await expect(dayCell(page, date).locator(`[data-session-id="${session.id}"]`)).toBeVisible();
  expect((await sessionById(page, session.id))?.date).toBe(date);
};

test('an Elite rider builds a gran fondo plan, moves, rides, misses and exports its sessions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: laptop.width, height: laptop.height });
  const errors = recordConsoleErrors(page);

  // A new rider with an FTP and threshold heart rate, made Elite by an admin
  const rider = await registerRider(page, { prefix: 'plans', firstName: 'Elise', lastName: 'Lite' });
  const settings = await page.request.patch('/api/rider/settings', {
    data: { ftp: 250, thresholdHeartrate: 165, maxHeartrate: 190 },
  });
  expect(settings.ok(), `settings: ${settings.status()}`).toBe(true);
  await changeRiderTier(page, rider, 'elite');

  // /training links the plan; the builder, for a gran fondo 12 weeks ahead
  await page.goto('/training');
  await page.getByRole('link', { name: 'Training plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Training Plan' })).toBeVisible();
  const { today } = await browserClock(page, 0);
  const eventDate = addDays(today, 84);
  const todayIndex = weekdayIndex(today);
  // today's weekday and three more, with days off between (free days to move sessions to)
  const riding = [0, 2, 4, 5].map((offset) => WEEKDAYS[(todayIndex + offset) % 7]!);
  const longRideDay = riding[3]!;
  const form = page.getByRole('form', { name: 'Build your plan' });
  await form.getByLabel('Event or goal').fill('Gran Fondo Stelvio');
  await form.getByLabel('Event date').fill(eventDate);
  await form.getByLabel('Event type').selectOption('gran-fondo');
  await form.getByLabel('Weekly hours').fill('8');
  for (const [index, day] of WEEKDAYS.entries()) {
    const box = form.getByRole('checkbox', { name: DAY_NAMES[index]! });
    if ((await box.isChecked()) !== riding.includes(day))
      await form.locator('label', { hasText: DAY_NAMES[index]! }).click();
    await expect(box).toBeChecked({ checked: riding.includes(day) });
  }
  await form.getByLabel('Long ride day').selectOption(longRideDay);
  await form.getByRole('button', { name: 'Build my plan' }).click();

  await expect(page.getByText('Your plan is ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  const plan = await currentPlan(page);
  expect(plan.eventDate).toBe(eventDate);
  expect(plan.phases.map((p) => p.phase)).toEqual(['base', 'build', 'peak', 'taper']);
  const phases = page.getByRole('list', { name: 'Phases' });
  for (const name of ['Base', 'Build', 'Peak', 'Taper'])
    await expect(phases.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gran Fondo Stelvio' })).toBeVisible();
  const explanation = page.getByRole('list', { name: 'How your plan was built' }).getByRole('listitem');
  await expect(explanation).toHaveCount(plan.explanation.length);
  expect(plan.explanation.length).toBeGreaterThan(0);
  await expect(explanation.first()).toHaveText(plan.explanation[0]!);
  const weeks = page.getByRole('region', { name: 'Weeks' }).getByRole('row');
  await expect(weeks).toHaveCount(plan.weeks.length + 1);
  expect(plan.weeks.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByText(plan.weeks[0]!.explanation).first()).toBeVisible();
  // every session on a riding day, none before today nor after the event
  for (const session of plan.sessions) {
    expect(riding).toContain(WEEKDAYS[weekdayIndex(session.date)]);
    expect(session.date >= today && session.date <= eventDate).toBe(true);
  }

  // The calendar: the first session on its day in the month view
  await page.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Training Calendar' })).toBeVisible();
  const sessions = [...plan.sessions].sort((a, b) => a.date.localeCompare(b.date));
  const first = sessions[0]!;
  await expect(dayCell(page, first.date).getByText(first.title, { exact: true })).toBeVisible();

  // the week view: this week's days, Monday to Sunday
  const view = page.getByRole('radiogroup', { name: 'View' });
  await view.locator('label', { hasText: 'Week' }).click();
  const monday = addDays(today, -todayIndex);
  await expect(page.locator('[data-date]')).toHaveCount(7);
  await expect(dayCell(page, monday)).toBeVisible();
  for (const session of sessions.filter((s) => s.date <= addDays(monday, 6)))
    await expect(chip(page, session)).toBeVisible();

  // With the keyboard, in the week of the next session after today: to today when today has none,
  // else to a day of that week without a session
  const onToday = sessions.some((s) => s.date === today);
  const keyed = sessions.find((s) => s.date > today && s.role === 'training');
  expect(keyed, 'a session after today').toBeDefined();
  const keyedMonday = addDays(keyed!.date, -weekdayIndex(keyed!.date));
  if (keyedMonday > monday) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(dayCell(page, keyedMonday)).toBeVisible();
  const freeDays = (taken: readonly PlanSessionDto[], weekStart: string) =>
    Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)).filter(
      (date) => date >= today && !taken.some((s) => s.date === date),
    );
  const keyedTo = !onToday && keyedMonday === monday ? today : freeDays(sessions, keyedMonday)[0];
  expect(keyedTo, 'a day to move it to').toBeDefined();
  await chip(page, keyed!)
    .getByRole('button', { name: `Move ${keyed!.title}` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-announcer')).toContainText(`Picked up ${keyed!.title}`);
  const keySteps = daysBetween(keyed!.date, keyedTo!);
  for (let i = 0; i < Math.abs(keySteps); i += 1)
    await page.keyboard.press(keySteps < 0 ? 'ArrowLeft' : 'ArrowRight');
  await expect(chip(page, keyed!).getByRole('button', { name: /^Drop / })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMoved(page, keyed!, keyedTo!);

  // By drag and drop, in the month view: another session to a free day of its week
  await view.locator('label', { hasText: 'Month' }).click();
  await expect(dayCell(page, keyedTo!)).toBeVisible();
  const afterKey = (await currentPlan(page)).sessions;
  const shown = new Set(
    await page.locator('[data-date]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-date'))),
  );
  const dragged = afterKey
    .filter((s) => s.date > today && s.role === 'training' && s.id !== keyed!.id && shown.has(s.date))
    .find((s) => freeDays(afterKey, addDays(s.date, -weekdayIndex(s.date))).some((date) => shown.has(date)));
  expect(dragged, 'a session with a free day in its week').toBeDefined();
  const dropOn = freeDays(afterKey, addDays(dragged!.date, -weekdayIndex(dragged!.date))).find((date) =>
    shown.has(date),
  )!;
  await chip(page, dragged!).dragTo(dayCell(page, dropOn));
  await expectMoved(page, dragged!, dropOn);

  // Riding today's session: a 50-minute FIT ride with power and heart rate, started today
  const todays = (await currentPlan(page)).sessions.find((s) => s.date === today);
  expect(todays, 'a session today').toBeDefined();
  const clock = await browserClock(page, 3000);
  // a 50-minute road ride with power (about 200 W) and heart rate, as a Garmin Edge records it
  const { data } = encodeRide({ seconds: 3000, start: new Date(clock.rideStart) });
  const uploaded = await page.request.post('/api/rides/upload', {
    multipart: { files: { name: 'todays-session.fit', mimeType: 'application/octet-stream', buffer: data } },
  });
  expect(uploaded.status()).toBe(200);
  const [result] = ((await uploaded.json()) as UploadResponseDto).results;
  expect(result?.status, result?.message).toBe('imported');

  await expect
    .poll(async () => (await sessionById(page, todays!.id))?.status, { timeout: 30_000 })
    .toBe('completed');
  const ridden = (await sessionById(page, todays!.id))!;
  expect(ridden.compliance?.rideId).toBe(result!.rideId);
  expect(ridden.compliance!.timeInTargetRatio).not.toBeNull();
  await page.reload();
  const done = chip(page, ridden).getByRole('button', {
    name: new RegExp(
      `^${escapeRegExp(ridden.title)}(?!\\w).*Completed, score ${Math.round(ridden.compliance!.score)}\\b`,
    ),
  });
  await expect(done).toBeVisible();
  await expect(chip(page, ridden).getByRole('button', { name: /^Move / })).toHaveCount(0);
  await done.click();
  const detail = page.getByRole('dialog', { name: ridden.title });
  const compliance = detail.getByRole('group', { name: 'Compliance' });
  await expect(compliance.getByRole('heading', { name: 'How it went' })).toBeVisible();
  await expect(compliance.getByText(`${Math.round(ridden.compliance!.score)}/100`)).toBeVisible();
  await expect(compliance.getByText(ridden.compliance!.summary)).toBeVisible();
  await expect(compliance.locator(`a[href="/rides/${ridden.compliance!.rideId}"]`)).toBeAttached();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Missing one: a hard session put on yesterday (time passing), then /plan settles it
  const yesterday = addDays(today, -1);
  const hard = (await currentPlan(page)).sessions.find(
    (s) =>
      s.status === 'planned' &&
      s.role === 'training' &&
      s.date > today &&
      s.originalDate === null &&
      ['sweet-spot', 'threshold', 'vo2max', 'anaerobic'].includes(s.type),
  );
  expect(hard, 'a hard session to miss').toBeDefined();
  await withDb((db) =>
    db.query('UPDATE rides.plan_sessions SET date = $1 WHERE id = $2 AND user_id = $3', [
      yesterday,
      hard!.id,
      rider.userId,
    ]),
  );
  await page.goto('/plan');
  const adjustments = page.getByRole('region', { name: 'Adjustments' });
  await expect(adjustments.getByRole('listitem').first()).toBeVisible();
  const adjusted = await currentPlan(page);
  const label = `${DAY_NAMES[weekdayIndex(yesterday)]}'s ${WORKOUT_TYPE_LABELS[hard!.type as WorkoutType]}`;
  const missed = adjusted.adjustments.find((a) => a.reason.includes(label));
  expect(missed, `an adjustment about ${label}`).toBeDefined();
  expect(missed!.reason).toMatch(
    new RegExp(
      `^(Moved ${escapeRegExp(label)} to \\w+day: you missed it|Dropped ${escapeRegExp(label)} you missed: )`,
    ),
  );
  await expect(adjustments.getByText(missed!.reason, { exact: true })).toBeVisible();
  const after = adjusted.sessions.find((s) => s.id === hard!.id);
  if (missed!.kind === 'moved') {
    expect(after?.originalDate).toBe(yesterday);
    expect(after!.date > yesterday).toBe(true);
  } else expect(after).toBeUndefined();

  // Exports: the next planned session with repeated efforts between a warm-up and a cool-down
  const exported = adjusted.sessions
    .filter((s) => s.status === 'planned' && s.date >= today && s.steps.length >= 5)
    .sort((a, b) => a.date.localeCompare(b.date))[0];
  expect(exported, 'a structured session to export').toBeDefined();
  await page.goto('/calendar');
  // the month view shows whole weeks: the 15th of each month is always drawn, once it has loaded
  const fifteenth = (months: number) => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month - 1 + months, 15)).toISOString().slice(0, 10);
  };
  await expect(dayCell(page, fifteenth(0))).toBeVisible();
  for (let months = 1; months < 4 && (await dayCell(page, exported!.date).count()) === 0; months += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(dayCell(page, fifteenth(months))).toBeVisible();
  }
  await chip(page, exported!)
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(exported!.title)}(?!\\w)`) })
    .click();
  const exportDialog = page.getByRole('dialog', { name: exported!.title });
  await expect(exportDialog.getByRole('list', { name: 'Steps' }).getByRole('listitem').first()).toBeVisible();
  const zwo = await readZwo(page, (await download(page, exportDialog, 'zwo')).toString('utf8'));
  expect(zwo.name).toBe(exported!.title);
  expect(zwo.steps).toHaveLength(exported!.steps.length);
  const near = (value: number) => Math.round(value * 10) / 10;
  expect(zwo.steps.map((s) => [s.durationS, near(s.from), near(s.to)])).toEqual(
    expectedTimeline(exported!).map((s) => [s.durationS, near(s.from), near(s.to)]),
  );
  const fit = readFit(await download(page, exportDialog, 'fit'));
  expect(fit.name).toBe(exported!.title);
  expect(
    fit.steps.map((s) => [s.durationTime, s.customTargetPowerLow, s.customTargetPowerHigh, s.wktStepName]),
  ).toEqual(
    exported!.steps.map((s) => [
      s.durationS,
      Math.round(s.targetPercentFtp![0]),
      Math.round(s.targetPercentFtp![1]),
      s.label,
    ]),
  );
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  // On a phone: the calendar is an agenda, one day under the other, with today's ridden session
  await page.setViewportSize({ width: phone.width, height: phone.height });
  await page.goto('/calendar');
  const agenda = page.getByRole('list', { name: 'Agenda' });
  await expect(agenda).toBeVisible();
  await expect(agenda.locator(`[data-session-id="${ridden.id}"]`)).toContainText(ridden.title);
  await expectNoSidewaysScroll(page);
  // the builder's first read finds no plan yet: a 404 the browser logs, which is not an error here
  expect(errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
});

test('a Pro rider finds plans and the calendar locked with the Elite prompt, and the server refuses them', async ({
  page,
}) => {
  const rider = await registerRider(page, { prefix: 'plans-pro', firstName: 'Paula', lastName: 'Pro' });
  await changeRiderTier(page, rider, 'pro');
  await page.setViewportSize({ width: laptop.width, height: laptop.height });
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/plans/')) asked.push(pathname);
  });
  for (const [path, title] of [
    ['/plan', 'Training plans are an Elite feature'],
    ['/calendar', 'The training calendar is an Elite feature'],
  ] as const) {
    await page.goto(path);
    const locked = page.getByRole('region', { name: title });
    await expect(locked).toBeVisible();
    await expect(locked.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    await expect(locked.getByRole('button', { name: 'Get Notified' })).toBeVisible();
  }
  expect(asked).toEqual([]);

  const { today } = await browserClock(page, 0);
  const refused = await page.request.post('/api/plans', {
    data: {
      eventName: 'Gran Fondo Stelvio',
      eventDate: addDays(today, 84),
      eventType: 'gran-fondo',
      weeklyHours: 8,
      ridingDays: ['tue', 'thu', 'sat'],
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message?: string }).message).toBe(PlanMessages.requiresElite);
  expect((await page.request.get('/api/plans/current')).status()).toBe(403);
});
