import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { fakeApolloClient } from '../../../test/fake-apollo';
import { renderWithApp } from '../../../test/render';
import { plansAnswer } from '../../subscribe/test-billing';
import { LandingPage } from './LandingPage';

jest.setTimeout(20_000);

/** The landing, once every part below the hero is drawn (the footer comes last) and its pricing cards have loaded. */
const renderLanding = async () => {
  renderWithApp(<LandingPage />, { client: fakeApolloClient({ Plans: plansAnswer }).client });
  await screen.findByRole('contentinfo', {}, { timeout: 5000 });
  await screen.findAllByText(/\$99/);
};

describe('landing page', () => {
  it('leads in with Sign In (to /auth) and Get Started Free (to /auth, on Create account)', async () => {
    await renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'AI coaching that makes every ride count',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: /Get Started Free/ })).toHaveAttribute(
      'href',
      '/auth?mode=register',
    );
  });

  it('draws the hero at once and the parts below it afterwards, one at a time in page order', async () => {
    renderWithApp(<LandingPage />, { client: fakeApolloClient({ Plans: plansAnswer }).client });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Everything you need to ride smarter' }),
    ).not.toBeInTheDocument();
    await screen.findByRole('region', { name: 'Everything you need to ride smarter' });
    // the first part drawn, the last not yet
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    await screen.findByRole('contentinfo', {}, { timeout: 5000 });
  });

  it('shows the feature cards and the figures of spec section 1', async () => {
    await renderLanding();
    const features = within(screen.getByRole('region', { name: 'Everything you need to ride smarter' }));
    expect(features.getAllByRole('listitem')).toHaveLength(6);
    expect(features.getByRole('heading', { name: 'AI ride analysis' })).toBeInTheDocument();

    const figures = within(screen.getByRole('region', { name: 'Domestique in numbers' }));
    const pairs = figures
      .getAllByRole('definition')
      .map((value, i) => [figures.getAllByRole('term')[i]!.textContent, value.textContent]);
    expect(pairs).toEqual([
      ['Active cyclists', '1,000+'],
      ['Rides analyzed', '15,000+'],
      ['Rating', '4.9/5'],
      ['Average speed improvement', '12%'],
    ]);
  });

  it('quotes three riders', async () => {
    await renderLanding();
    const section = within(screen.getByRole('region', { name: 'Loved by cyclists' }));
    expect(section.getAllByRole('figure')).toHaveLength(3);
    expect(section.getAllByRole('img', { name: '5 out of 5 stars' })).toHaveLength(3);
  });

  it('sends Start Your Journey and Start Your Free Trial to /api/login', async () => {
    await renderLanding();
    expect(screen.getByRole('link', { name: /Start Your Journey/ })).toHaveAttribute('href', '/api/login');
    expect(screen.getByRole('link', { name: /Start Your Free Trial/ })).toHaveAttribute('href', '/api/login');
  });

  it('ends with a footer linking the FAQ, the privacy policy and the support address', async () => {
    await renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(footer.getByRole('link', { name: 'support@domestique.app' })).toHaveAttribute(
      'href',
      'mailto:support@domestique.app',
    );
  });
});
