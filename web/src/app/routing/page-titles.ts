import { useEffect } from 'react';
import type { PageKey } from './resolve-route';

/** The landing's title (also in index.html, for the first paint and for crawlers). */
export const SITE_TITLE = 'Domestique - AI Cycling Coach';

/** Each screen's document title, so a tab, a bookmark and a screen reader say where you are. */
export const PAGE_TITLES: Record<PageKey, string> = {
  landing: SITE_TITLE,
  auth: 'Sign In - Domestique',
  forgotPassword: 'Forgot Password - Domestique',
  resetPassword: 'Reset Password - Domestique',
  faq: 'FAQ & Help - Domestique',
  privacyPolicy: 'Privacy Policy - Domestique',
  adminLogin: 'Admin Login - Domestique',
  admin: 'Admin Dashboard - Domestique',
  dashboard: 'Dashboard - Domestique',
  rides: 'Your Rides - Domestique',
  coach: 'Coach Chat - Domestique',
  goals: 'Your Goals - Domestique',
  analytics: 'Lifetime Analytics - Domestique',
  subscribe: 'Choose Your Plan - Domestique',
  profile: 'Profile & Settings - Domestique',
  notFound: '404 Page Not Found - Domestique',
};

/** Sets the document title of the page on screen (the site title while none is). */
export function useDocumentTitle(page: PageKey | null) {
  useEffect(() => {
    document.title = page ? PAGE_TITLES[page] : SITE_TITLE;
  }, [page]);
}
