import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageKey } from './resolve-route';

/** Each page is its own chunk, loaded the first time it is shown. */
export const PAGES: Record<PageKey, LazyExoticComponent<ComponentType>> = {
  landing: lazy(() =>
    import('../../features/landing/components/LandingPage').then((m) => ({ default: m.LandingPage })),
  ),
  auth: lazy(() => import('../../features/auth/components/AuthPage').then((m) => ({ default: m.AuthPage }))),
  forgotPassword: lazy(() =>
    import('../../features/password-reset/components/ForgotPasswordPage').then((m) => ({
      default: m.ForgotPasswordPage,
    })),
  ),
  resetPassword: lazy(() =>
    import('../../features/password-reset/components/ResetPasswordPage').then((m) => ({
      default: m.ResetPasswordPage,
    })),
  ),
  faq: lazy(() => import('../../features/faq/components/FaqPage').then((m) => ({ default: m.FaqPage }))),
  privacyPolicy: lazy(() =>
    import('../../features/privacy/components/PrivacyPolicyPage').then((m) => ({
      default: m.PrivacyPolicyPage,
    })),
  ),
  adminLogin: lazy(() =>
    import('../../features/admin/components/AdminLoginPage').then((m) => ({ default: m.AdminLoginPage })),
  ),
  admin: lazy(() =>
    import('../../features/admin/components/AdminPage').then((m) => ({ default: m.AdminPage })),
  ),
  dashboard: lazy(() =>
    import('../../features/dashboard/components/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  ),
  rides: lazy(() =>
    import('../../features/rides/components/RidesPage').then((m) => ({ default: m.RidesPage })),
  ),
  coach: lazy(() =>
    import('../../features/coach/components/CoachPage').then((m) => ({ default: m.CoachPage })),
  ),
  goals: lazy(() =>
    import('../../features/goals/components/GoalsPage').then((m) => ({ default: m.GoalsPage })),
  ),
  analytics: lazy(() =>
    import('../../features/analytics/components/AnalyticsPage').then((m) => ({ default: m.AnalyticsPage })),
  ),
  subscribe: lazy(() =>
    import('../../features/subscribe/components/SubscribePage').then((m) => ({ default: m.SubscribePage })),
  ),
  profile: lazy(() =>
    import('../../features/profile/components/ProfilePage').then((m) => ({ default: m.ProfilePage })),
  ),
  notFound: lazy(() =>
    import('../../features/not-found/components/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
  ),
};
