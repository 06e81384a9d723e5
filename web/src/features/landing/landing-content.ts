import type { IconType } from 'react-icons';
import { MdChat, MdDirectionsBike, MdFlag, MdInsights, MdPsychology, MdShowChart } from 'react-icons/md';

/** The landing page's words and figures (spec sections 1 and 2). */

export interface Feature {
  icon: IconType;
  title: string;
  text: string;
}

export const FEATURES: Feature[] = [
  {
    icon: MdPsychology,
    title: 'AI ride analysis',
    text: 'Every ride gets a summary, its strengths, what to improve and what to do next, written by an AI coach that reads your power, heart rate and cadence.',
  },
  {
    icon: MdDirectionsBike,
    title: 'Strava sync',
    text: 'Connect Strava once and your rides arrive on their own, with distance, time, elevation, speed and power converted and ready to read.',
  },
  {
    icon: MdShowChart,
    title: 'Performance trends',
    text: 'Twelve weeks of power, heart-rate efficiency and cadence on one chart, so you see whether the training is working.',
  },
  {
    icon: MdChat,
    title: 'AI coaching chat',
    text: 'Ask about climbing, cadence, intervals or fuelling and get answers that know your recent rides.',
  },
  {
    icon: MdFlag,
    title: 'Goals that keep you honest',
    text: 'Set distance, time, elevation or speed goals with a date and watch the progress bar fill ride by ride.',
  },
  {
    icon: MdInsights,
    title: 'Lifetime analytics',
    text: 'Weekly progress, time in each power zone and what it means for your training, all in one place.',
  },
];

/** Spec section 1's marketing figures. */
export const STATISTICS: { value: string; label: string }[] = [
  { value: '1,000+', label: 'Active cyclists' },
  { value: '15,000+', label: 'Rides analyzed' },
  { value: '4.9/5', label: 'Rating' },
  { value: '12%', label: 'Average speed improvement' },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'The feedback after each ride is like having a coach on the team car. I finally understand why my long rides fade in the last hour.',
    name: 'Sarah M.',
    role: 'Gran fondo rider',
  },
  {
    quote:
      'I spent three months following the interval suggestions and my average speed on the club loop went up by almost two miles an hour.',
    name: 'James K.',
    role: 'Club racer',
  },
  {
    quote:
      'Strava tells me what I did. Domestique tells me what it means and what to do tomorrow. That is the difference.',
    name: 'Elena R.',
    role: 'Triathlete',
  },
];

/** Where Start Your Journey and Start Your Free Trial lead (spec section 2). */
export const LOGIN_PATH = '/api/login';

/** Where Get Started Free leads: /auth (spec section 2), opened on Create account (a new rider's way in). */
export const REGISTER_PATH = '/auth?mode=register';
