/** The policy's date (spec section 2). */
export const LAST_UPDATED = 'December 2024';

export interface PolicySection {
  id: string;
  title: string;
  /** a paragraph before the list */
  intro?: string;
  /** paragraphs after the list */
  paragraphs?: readonly string[];
  /** a list of [term, explanation] */
  items?: readonly (readonly [string, string])[];
}

/** Spec section 2, /privacy-policy: every section, in this order. */
export const POLICY: readonly PolicySection[] = [
  {
    id: 'collect',
    title: 'Information We Collect',
    items: [
      [
        'Account information',
        'Your name and email address, and your password, which we keep only as a one-way hash that nobody can read back.',
      ],
      [
        'Strava data',
        'When you connect Strava: your athlete id and your activities (rides with their distance, time, elevation, speed, power, heart rate and cadence data), and the access tokens that let us sync them.',
      ],
      [
        'Usage information',
        'Which pages and features you use, and basic device and browser details, so we can keep the service working and improve it.',
      ],
      [
        'Payment information',
        'Payments are handled by our card payment provider (Stripe). We never see or store your card number; we keep only a customer reference and the state of your subscription.',
      ],
    ],
  },
  {
    id: 'use',
    title: 'How We Use Your Information',
    items: [
      [
        'To provide the service',
        'Import and display your rides, compute your metrics, trends and goal progress.',
      ],
      [
        'To coach you',
        'Generate AI feedback on your rides and answer your questions in the Coach Chat, using your ride metrics.',
      ],
      ['To run your subscription', 'Process payments, apply promo codes and manage your plan.'],
      [
        'To communicate with you',
        'Send emails you need, such as password reset links, and answer your support requests.',
      ],
      ['To improve Domestique', 'Understand which features help riders, with usage information.'],
    ],
    paragraphs: ['We never use your Strava data to train AI models.'],
  },
  {
    id: 'security',
    title: 'Data Security',
    items: [
      ['Encryption in transit', 'Every connection to Domestique is encrypted with TLS.'],
      [
        'Encrypted storage',
        'Your data is stored encrypted; Strava access tokens are encrypted separately, and passwords are hashed.',
      ],
      ['Backups', 'Regular backups protect your data against loss.'],
    ],
    paragraphs: ['Access to personal data is limited to the people who need it to run the service.'],
  },
  {
    id: 'third-parties',
    title: 'Third-Party Services',
    paragraphs: [
      'We share data only with the services that make Domestique work, and only what each one needs:',
    ],
    items: [
      ['Strava', 'Our activity service: we read your activities from it with your permission.'],
      ['Stripe', 'Our card payment provider: it processes your payments and keeps your card details.'],
      [
        'Our AI provider',
        'It receives ride metrics and your coach questions to write feedback and answers, and may not use them for anything else.',
      ],
    ],
  },
  {
    id: 'sale',
    title: 'We Never Sell Your Data',
    paragraphs: ['We do not sell, rent or trade your personal data to anyone, for any purpose.'],
  },
  {
    id: 'rights',
    title: 'Your Rights',
    items: [
      ['Access and export', 'Ask us for a copy of your data in a portable format.'],
      [
        'Correction',
        'Change your name in Profile & Settings at any time, or ask us to correct anything else that is wrong.',
      ],
      [
        'Account deletion',
        'Ask us to delete your account: your personal data is removed within 30 days of the deletion.',
      ],
      [
        'Strava disconnection',
        'Disconnect Strava in Profile & Settings whenever you like: syncing stops at once, and you can also ask us to delete the Strava data already imported.',
      ],
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    paragraphs: [
      'Questions about this policy or your data? Write to support@domestique.app and we will answer within 30 days at the latest.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    paragraphs: [
      'When this policy changes we publish the new version here with a new "Last updated" date, and tell you by email before significant changes take effect.',
    ],
  },
];
