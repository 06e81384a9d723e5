import { jest } from '@jest/globals';
import { newForm, newHistory, newRide, newRider } from '../../engine/__tests__/ride-input.factory.js';
import { pushingSentences } from '../../engine/form-reading.js';
import { checkNumbers } from '../../facts/number-check.js';
import { numberFactsOf } from '../../facts/number-facts.js';
import type { OpenAiJsonClient } from '../../llm/openai-json.client.js';
import { OpenAiCoachChatProvider } from '../../llm/openai-providers.js';
import type { CoachContext } from '../coach-question.js';
import { coachReply } from '../coach-responder.js';
import { topicsOf } from '../coach-topics.js';

/**
 * The chat answers "am I getting fitter", "am I overtraining" and "when should I rest" from the
 * rider's fitness (CTL), fatigue (ATL), form (TSB) and ramp rate, with a verdict that never pushes
 * into deep fatigue, and every number checked; without load data it answers as before.
 */

const AS_OF = '2025-06-14T12:00:00Z';

const context = (form: CoachContext['form']): CoachContext => ({
  rider: newRider(),
  recentRides: [newRide(), ...newHistory(14, { before: '2025-06-14T07:30:00Z' })],
  trends: {
    weeks: [],
    improvements: { powerImprovement: 6.4, heartRateEfficiency: 3.1, cadenceConsistency: 2 },
  },
  goals: [],
  form,
});

/** The answer, with every number checked against the facts it was written from. */
const ask = (message: string, form: CoachContext['form']) => {
  const reply = coachReply({ context: context(form), message, history: [], asOf: AS_OF });
  const wrong = checkNumbers(reply.text, numberFactsOf(reply.facts)).wrong.map((w) => w.text);
  expect({ message, wrong }).toEqual({ message, wrong: [] });
  return reply.text;
};

/** Three hard days leave form -22 (CTL 68, ATL 90); the day started at -12. */
const TIRED = newForm();
/** Overreached: form -38. */
const OVERREACHED = newForm({ ctl: 60, atl: 98, tsb: -30 });
/** Productive: form -17 after an ordinary day, fitness rising 3.2 a week. */
const PRODUCTIVE = newForm({ ctl: 68, atl: 85, tsb: -16, rampRate: 3.2, lastDays: [55] });
/** Fresh, fitness falling. */
const FRESH = newForm({ ctl: 55, atl: 41, tsb: 13, rampRate: -2.4, lastDays: [0] });
/** A steep ramp with a mild form. */
const RAMPING = newForm({ ctl: 52, atl: 57, tsb: -4, rampRate: 9.4, lastDays: [70] });

const LOAD_WORDS = /\b(TSB|CTL|ATL|ramp rate)\b/;

describe('the chat answers load questions from CTL, ATL, TSB and ramp rate', () => {
  it('recognises the three questions as load questions, and rest days as before', () => {
    expect(
      ['Am I getting fitter?', 'Am I overtraining?', 'When should I rest?'].map((q) => topicsOf(q)[0]),
    ).toEqual(['form', 'form', 'form']);
    expect(topicsOf('How many rest days should I take?')[0]).toBe('rest-days');
  });

  it('"Am I getting fitter?": the numbers, and yes when fitness is rising', () => {
    const answer = ask('Am I getting fitter?', PRODUCTIVE);
    expect(answer).toMatch(
      /^Your training load: fitness \(CTL\) 68, fatigue \(ATL\) 85, form \(TSB\) -16 today and TSB -17 after today's riding, and a ramp rate of \+3\.2 CTL a week\. Yes: your fitness \(CTL\) is rising, a ramp rate of \+3\.2 CTL a week\./,
    );
    expect(ask('Am I getting fitter?', FRESH)).toContain(
      'Not at the moment: your fitness (CTL) is falling, a ramp rate of -2.4 CTL a week',
    );
  });

  it('"Am I getting fitter?" with a steep ramp: yes, and hold the load', () => {
    const answer = ask('Am I getting fitter?', RAMPING);
    expect(answer).toContain('Yes: your fitness (CTL) is rising, a ramp rate of +9.4 CTL a week.');
    expect(answer).toContain('above the 8 CTL a week the body absorbs safely');
    expect(answer).toContain('Rest now: take tomorrow off');
    expect(pushingSentences(answer)).toEqual([]);
  });

  it('"Am I overtraining?": yes with rest under -30, no in the productive band', () => {
    const risky = ask('Am I overtraining?', OVERREACHED);
    expect(risky).toContain('form (TSB) -30 today and TSB -38 after today');
    expect(risky).toContain(
      'Your load says yes, you are at risk. A TSB below -30 is the high-risk zone: fatigue (ATL) 98 is far ahead of fitness (CTL) 60.',
    );
    expect(risky).toContain('Rest now: take tomorrow off or keep it to 30-60 min under 149 W');
    expect(pushingSentences(risky)).toEqual([]);
    expect(ask('Am I overtraining?', PRODUCTIVE)).toContain(
      'No: a form (TSB) of -17 is productive training, with fatigue you can absorb as long as your easy days stay easy',
    );
    expect(ask('Am I overtraining?', TIRED)).toContain(
      'Not overtrained, but tired: your form (TSB) is -22 after three hard days, so tomorrow should be easy',
    );
  });

  it('"When should I rest?": now when overreached, tomorrow after hard days, later when fresh', () => {
    const now = ask('When should I rest?', OVERREACHED);
    expect(now).toContain('Rest now');
    expect(pushingSentences(now)).toEqual([]);
    expect(ask('When should I rest?', TIRED)).toContain(
      'Tomorrow: after three hard days your form (TSB) is -22, so make it a day off or 30-60 min',
    );
    expect(ask('When should I rest?', FRESH)).toContain('You are not tired now (form (TSB) +14)');
  });

  it('says nothing about form without load data, answering from the trends and rest days as before', () => {
    const fitter = ask('Am I getting fitter?', null);
    expect(fitter).toContain('power up 6%');
    expect(fitter).not.toMatch(LOAD_WORDS);
    const overtraining = ask('Am I overtraining?', null);
    expect(overtraining).toMatch(/You rode on \d+ of the last 14 days/);
    expect(overtraining).not.toMatch(LOAD_WORDS);
    // a new rider's first weeks: no form either
    expect(ask('When should I rest?', newForm({ ctl: 5, atl: 30 }))).not.toMatch(LOAD_WORDS);
  });

  it('opens every how-to answer with rest, and drops its harder tips, while overreached', () => {
    const answer = ask('How often should I do interval training?', OVERREACHED);
    expect(answer).toMatch(/^First, your load\. Your training load: fitness \(CTL\) 60/);
    expect(answer).toContain('Rest now: take tomorrow off');
    expect(pushingSentences(answer)).toEqual([]);
    // the same question with a load that allows training keeps its sessions
    expect(ask('How often should I do interval training?', PRODUCTIVE)).toMatch(
      /A threshold session: 4 x 8 min/,
    );
  });

  it('states only numbers of its facts, for every load question and load', () => {
    const questions = [
      'Am I getting fitter?',
      'Am I overtraining?',
      'When should I rest?',
      'What is my TSB?',
    ];
    for (const form of [TIRED, OVERREACHED, PRODUCTIVE, FRESH, RAMPING, null])
      for (const question of questions) expect(ask(question, form).length).toBeGreaterThan(40);
  });
});

describe('the LLM’s chat answers about the load', () => {
  const llm = (answers: string[]) => {
    const complete = jest.fn(() => Promise.resolve({ answer: answers.shift()! }));
    return { client: { complete } as unknown as OpenAiJsonClient, complete };
  };
  const question = (form: CoachContext['form'], message = 'When should I rest?') => ({
    context: context(form),
    message,
    history: [],
    asOf: AS_OF,
  });

  it('is given the load and its verdict, and a wrong form number is sent back once', async () => {
    const right = 'Rest now: your form (TSB) is -38 after three hard days, with fatigue (ATL) 98.';
    const { client, complete } = llm(['Your form (TSB) is -33.', right]);
    await expect(new OpenAiCoachChatProvider(client).answer(question(OVERREACHED))).resolves.toBe(right);
    const prompt = JSON.stringify(complete.mock.calls[0]);
    expect(prompt).toContain('\\"verdict\\":\\"rest\\"');
    expect(prompt).toContain('never intervals, tests, races');
    expect(JSON.stringify(complete.mock.calls[1])).toContain('33');
  });

  it('never shows an answer that pushes harder while overreached', async () => {
    const push = 'Push on: ride 5 x 3 min VO2max intervals tomorrow.';
    const { client } = llm([push, push]);
    await expect(new OpenAiCoachChatProvider(client).answer(question(OVERREACHED))).rejects.toThrow(
      /more training than the rider's load allows/,
    );
    const fresh = llm([push]);
    await expect(new OpenAiCoachChatProvider(fresh.client).answer(question(FRESH))).resolves.toBe(push);
  });
});
