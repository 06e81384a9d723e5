/** Where riders write for help (ARCHITECTURE.md). */
export const SUPPORT_EMAIL = 'support@domestique.app';

export interface FaqEntry {
  id: string;
  question: string;
  /** paragraphs */
  answer: readonly string[];
}

/** Spec section 2, /faq: ten questions, in this order. */
export const FAQ: readonly FaqEntry[] = [
  {
    id: 'getting-started',
    question: 'How do I get started with Domestique?',
    answer: [
      'Create a free account with your email, then connect your Strava account from the dashboard. Domestique imports your rides, and you can ask for AI feedback on any of them with one click.',
      'Set a goal on the Goals page and watch your progress build with every ride you sync.',
    ],
  },
  {
    id: 'connect-strava',
    question: 'How do I connect my Strava account?',
    answer: [
      'Choose Connect on the dashboard or in Profile & Settings. Strava asks you to let Domestique read your profile and your activities (including private ones, so every ride can be analyzed); approve, and you are sent back with your rides syncing.',
      'You can disconnect at any time in Profile & Settings. Syncing stops, and the rides already imported stay in your account.',
    ],
  },
  {
    id: 'ai-analysis',
    question: 'How does the AI ride analysis work?',
    answer: [
      'For each ride the coach reads your power, heart rate, cadence, speed and elevation data and works out metrics such as normalized power, training stress, time in each power and heart-rate zone and your best efforts.',
      'It then explains the ride in plain words: a summary, your strengths, what to work on and concrete recommendations for your next sessions. The more sensors you ride with, the richer the analysis.',
    ],
  },
  {
    id: 'plans',
    question: 'What plans are available, and what do they cost?',
    answer: [
      'Free ($0): 5 AI analyses per month, basic AI feedback, Strava integration and email support.',
      'Pro ($99/month): unlimited ride analysis, advanced AI feedback, performance trend graphs, training recommendations and priority email support.',
      'Elite ($199/month, coming soon): everything in Pro plus the AI coaching chat, custom training plans, race preparation guidance, priority phone support and advanced analytics.',
    ],
  },
  {
    id: 'privacy',
    question: 'Is my data private and secure?',
    answer: [
      'Yes. Your data travels encrypted (TLS) and is stored encrypted, with regular backups. We never sell your data, and we never use your Strava data to train AI models.',
      'You can export or delete your data at any time; after an account deletion your personal data is removed within 30 days. Our Privacy Policy has the details.',
    ],
  },
  {
    id: 'mobile',
    question: 'Is there a mobile app?',
    answer: [
      'Not a separate one yet: Domestique works in the browser of any phone or tablet, with a menu made for small screens. Add it to your home screen to open it like an app.',
    ],
  },
  {
    id: 'ride-types',
    question: 'Which kinds of rides can be analyzed?',
    answer: [
      'Any cycling activity you record on Strava: road, gravel and mountain bike rides, commutes, and indoor or virtual rides on a trainer.',
      'Rides without a power meter or heart-rate strap are analyzed from speed, distance, time and elevation; with those sensors the analysis goes much deeper.',
    ],
  },
  {
    id: 'coach-chat',
    question: 'What is the AI Coach Chat?',
    answer: [
      'A conversation with your AI coach, powered by a large language model, about your training: climbing, cadence, intervals, pacing, nutrition and more. Its answers take your own rides into account.',
      'The Coach Chat is part of the paid plans (Pro and Elite). On the Free plan you can see it and upgrade whenever you like.',
    ],
  },
  {
    id: 'subscription',
    question: 'How do I upgrade, manage or cancel my subscription?',
    answer: [
      'Upgrade on the Subscribe page (promo codes are applied there too). Payments are handled by our card payment provider.',
      'In Profile & Settings, Manage Billing opens the billing portal for your payment method and invoices, and Cancel Subscription ends the plan: you keep your paid features until the end of the billing period. Paid plans come with a 30-day money-back guarantee.',
    ],
  },
  {
    id: 'support',
    question: 'How do I contact support?',
    answer: [
      `Write to ${SUPPORT_EMAIL} or use the Contact Support button below. Every plan includes email support; Pro members get priority email support and Elite members priority phone support.`,
    ],
  },
];
