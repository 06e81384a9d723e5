import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../test/render';
import { FAQ } from '../faq-content';
import { FaqPage } from './FaqPage';

describe('/faq', () => {
  it('lists the ten questions of the spec, Back to home and Contact Support', () => {
    renderWithApp(<FaqPage />, { route: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const triggers = screen.getAllByRole('button', { expanded: false });
    expect(triggers.map((t) => t.textContent)).toEqual(FAQ.map((entry) => entry.question));
    expect(FAQ.map((entry) => entry.id)).toEqual([
      'getting-started',
      'connect-strava',
      'ai-analysis',
      'plans',
      'privacy',
      'mobile',
      'ride-types',
      'coach-chat',
      'subscription',
      'support',
    ]);
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@domestique.app',
    );
  });

  it('keeps one answer open at a time, and can close it', async () => {
    const events = userEvent.setup();
    renderWithApp(<FaqPage />, { route: '/faq' });
    const plans = screen.getByRole('button', { name: 'What plans are available, and what do they cost?' });
    const chat = screen.getByRole('button', { name: 'What is the AI Coach Chat?' });

    await events.click(plans);
    expect(plans).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Free \(\$0\): 5 AI analyses per month/)).toBeVisible();

    await events.click(chat);
    expect(chat).toHaveAttribute('aria-expanded', 'true');
    expect(plans).toHaveAttribute('aria-expanded', 'false');

    await events.click(chat);
    await waitFor(() => expect(chat).toHaveAttribute('aria-expanded', 'false'));
  });

  it('states the plans as the spec does: 5 AI analyses a month free, Pro $99, Elite $199', () => {
    const plans = FAQ.find((entry) => entry.id === 'plans')!.answer.join(' ');
    expect(plans).toContain('5 AI analyses per month');
    expect(plans).toContain('Pro ($99/month)');
    expect(plans).toContain('Elite ($199/month');
  });
});
