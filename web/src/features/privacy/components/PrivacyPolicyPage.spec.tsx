import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

describe('/privacy-policy', () => {
  it('is dated December 2024 and has every section of the spec', () => {
    renderWithApp(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated December 2024')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Information We Collect',
      'How We Use Your Information',
      'Data Security',
      'Third-Party Services',
      'We Never Sell Your Data',
      'Your Rights',
      'Contact Us',
      'Changes to This Policy',
    ]);
  });

  it.each([
    [
      'Information We Collect',
      ['Account information', 'Strava data', 'Usage information', 'Payment information'],
    ],
    ['Data Security', ['TLS', 'Encrypted storage', 'Backups']],
    ['Third-Party Services', ['Strava', 'Stripe', 'Our AI provider']],
    ['Your Rights', ['Access and export', 'Correction', 'within 30 days', 'Strava disconnection']],
    ['Contact Us', ['support@domestique.app']],
  ])('"%s" covers %j', (title, phrases) => {
    renderWithApp(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    const section = screen.getByRole('region', { name: title });
    for (const phrase of phrases)
      expect(within(section).getAllByText(new RegExp(phrase)).length).toBeGreaterThan(0);
  });
});
