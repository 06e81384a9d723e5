import { jest } from '@jest/globals';
import { newForm, newInput } from '../../engine/__tests__/ride-input.factory.js';
import type { RideAnalysisInput, RideFeedback } from '../../engine/ride-analysis-input.js';
import { OpenAiRideFeedbackProvider } from '../../llm/openai-providers.js';
import type { OpenAiJsonClient } from '../../llm/openai-json.client.js';
import { checkNumbers } from '../number-check.js';
import { rideFeedbackNumberFacts } from '../number-facts.js';

/**
 * The claim checker reads fitness (CTL), fatigue (ATL), form (TSB) and the ramp rate as labelled,
 * signed claims: a wrong form number, or the right one with the wrong sign, is refused, in the
 * built-in coach's checks and in the LLM's (sent back once, then replaced).
 */

const NOW = new Date('2025-06-14T12:00:00Z');
const input: RideAnalysisInput = { ...newInput(), form: newForm({ rampRate: 9.2 }) };
const facts = rideFeedbackNumberFacts(input, NOW);
const wrongIn = (text: string) => checkNumbers(text, facts).wrong.map((w) => w.text);

describe('the number check reads training-load claims', () => {
  it('accepts the form, fitness, fatigue and ramp rate as the facts give them', () => {
    expect(
      wrongIn(
        'Your form (TSB) is -22 after three hard days, with fitness (CTL) 68 and fatigue (ATL) 90: ramp rate of +9.2 CTL a week, above the 8 CTL a week the body absorbs. Rest until your form (TSB) is back above -10.',
      ),
    ).toEqual([]);
    // the form the day started with is a fact too
    expect(wrongIn('You started the day at TSB -12.')).toEqual([]);
  });

  it('refuses a wrong form number, a flipped sign and numbers under the wrong label', () => {
    expect(wrongIn('Your form (TSB) is -25 after three hard days.')).toEqual(['25']);
    expect(wrongIn('Your form (TSB) is +22 after three hard days.')).toEqual(['22']);
    expect(wrongIn('Your form (TSB) is 22.')).toEqual(['22']);
    expect(wrongIn('Fitness (CTL) 70, fatigue (ATL) 68.')).toEqual(['70', '68']);
    expect(wrongIn('A ramp rate of -9.2 CTL a week.')).toEqual(['9.2']);
    expect(wrongIn('A ramp rate of +9.5 CTL a week.')).toEqual(['9.5']);
  });

  it('has no form facts without load data, so no form number passes', () => {
    const without = rideFeedbackNumberFacts(newInput(), NOW);
    expect(checkNumbers('Your form (TSB) is -22.', without).wrong.map((w) => w.text)).toEqual(['22']);
    expect(checkNumbers('Fitness (CTL) 68.', without).wrong.map((w) => w.text)).toEqual(['68']);
  });
});

describe('the LLM’s feedback about the load is checked before it is shown', () => {
  const feedback = (summary: string, recommendations: string): RideFeedback => ({
    summary,
    strengths: 'Steady riding.',
    weaknesses: 'None to speak of.',
    recommendations,
    fullAnalysis: 'Overview\nA ride.',
  });
  const llm = (answers: RideFeedback[]) => {
    const complete = jest.fn(() => Promise.resolve(answers.shift()!));
    return { client: { complete } as unknown as OpenAiJsonClient, complete };
  };
  const right = feedback(
    'Your form (TSB) is -22 after three hard days: tomorrow should be easy.',
    'Make tomorrow easy: 30-60 min at an easy, chatty pace.',
  );

  it('sends a wrong form number back once, with the number, and shows the repaired text', async () => {
    const { client, complete } = llm([
      feedback('Your form (TSB) is -27 after three hard days.', 'Make tomorrow easy.'),
      right,
    ]);
    const provider = new OpenAiRideFeedbackProvider(client, () => NOW);
    await expect(provider.analyseRide({ ...newInput(), form: newForm() })).resolves.toEqual(right);
    expect(complete).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(complete.mock.calls[1])).toContain('not in the facts');
    expect(JSON.stringify(complete.mock.calls[1])).toContain('27');
  });

  it('refuses advice that asks for more when the load calls for an easy day, then gives up', async () => {
    const pushing = feedback(
      'Your form (TSB) is -22 after three hard days.',
      'Tomorrow, ride 5 x 3 min VO2max intervals to build on this.',
    );
    const { client, complete } = llm([pushing, pushing]);
    const provider = new OpenAiRideFeedbackProvider(client, () => NOW);
    await expect(provider.analyseRide({ ...newInput(), form: newForm() })).rejects.toThrow(
      /more training than the rider's load allows/,
    );
    expect(JSON.stringify(complete.mock.calls[1])).toContain('calls for rest or easy riding');
  });

  it('lets the same advice through when the load allows training', async () => {
    const hard = feedback(
      'You are fresh: form (TSB) +12.',
      'Tomorrow, ride 5 x 3 min VO2max intervals to build on this.',
    );
    const { client, complete } = llm([hard]);
    const provider = new OpenAiRideFeedbackProvider(client, () => NOW);
    const fresh = newForm({ ctl: 70, atl: 58, lastDays: [30] });
    await expect(provider.analyseRide({ ...newInput(), form: fresh })).resolves.toEqual(hard);
    expect(complete).toHaveBeenCalledTimes(1);
  });
});
