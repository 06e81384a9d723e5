import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { baseURL, stackEnv } from './support/kit.js';

/**
 * Issue 3's journeys in Chromium through the real gateway and services: password reset by email
 * (read from the maildev catcher), profile names, the mobile drawer, admin sign-in, public pages.
 */

const newRider = (firstName = 'Beryl', lastName = 'Burton') => ({
  email: `accounts-${randomUUID().slice(0, 8)}@example.com`,
  password: 'first-password-1',
  firstName,
  lastName,
});
type Rider = ReturnType<typeof newRider>;

/** Registers through the API with this context's cookie jar (a page's `page.request` signs the page in). */
const register = async (api: APIRequestContext, rider: Rider) => {
  const answer = await api.post('/api/auth/register', { data: rider });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as { id: string };
};

interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The messages maildev caught for one address (its REST API: GET /api/email). */
const inbox = async (address: string): Promise<CaughtMail[]> => {
  const answer = await fetch(`http://127.0.0.1:${stackEnv().MAILDEV_WEB_PORT}/api/email`);
  const all = (await answer.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address));
};

const resetLinkFor = async (address: string, nth = 1): Promise<string> => {
  await expect
    .poll(async () => (await inbox(address)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(nth);
  const mail = (await inbox(address))[nth - 1]!;
  expect(mail.subject).toBe('Reset your Domestique password');
  const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return link!;
};

test('forgot password: the email arrives, its link resets the password, the old one stops working', async ({
  page,
}) => {
  const rider = newRider();
  const earlier = await request.newContext({ baseURL: baseURL() });
  await register(earlier, rider);
  expect((await earlier.get('/api/auth/user')).status()).toBe(200);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(rider.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');

  const link = await resetLinkFor(rider.email);
  expect(link.startsWith(`${baseURL()}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('12345');
  await page.getByLabel('Confirm Password').fill('12345');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByLabel('New Password').fill('second-password-2');
  await page.getByLabel('Confirm Password').fill('second-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('second-password-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();
  await expect(page.getByText('Password Reset Successful')).toBeVisible();

  // every session the rider had ends with the reset
  expect((await earlier.get('/api/auth/user')).status()).toBe(401);
  await earlier.dispose();

  await page.getByRole('link', { name: 'Continue to Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(rider.email);
  await page.getByLabel('Password', { exact: true }).fill(rider.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // the link worked once
  await page.goto(link);
  await page.getByLabel('New Password').fill('third-password-3');
  await page.getByLabel('Confirm Password').fill('third-password-3');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid reset token' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new password reset' })).toBeVisible();

  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link. Please request a new password reset.')).toBeVisible();
});

test('forgot password answers the same for an unknown email and sends nothing', async ({ page }) => {
  const email = `nobody-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const known = newRider();
  const api = await request.newContext({ baseURL: baseURL() });
  await register(api, known);
  const answer = await api.post('/api/auth/forgot-password', { data: { email: known.email } });
  expect(await answer.json()).toEqual({
    message: "If an account exists for that email, we've sent a link to reset your password.",
  });
  await resetLinkFor(known.email);
  expect(await inbox(email)).toEqual([]);
  await api.dispose();
});

test('profile: edit the names; the page, the navigation and the server all show them', async ({ page }) => {
  const rider = newRider('Marianne', 'Vos');
  await register(page.request, rider);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Profile Information' });
  await expect(card.getByText('Marianne Vos')).toBeVisible();
  await expect(card.getByText(rider.email)).toBeVisible();
  await expect(card.getByText('Member Since')).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(card.getByLabel('First Name')).toHaveValue('Marianne');
  await card.getByLabel('First Name').fill('  Annemiek ');
  await card.getByLabel('Last Name').fill('van Vleuten');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByText('Your profile has been successfully updated.')).toBeVisible();
  await expect(card.getByText('Annemiek van Vleuten')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annemiek van Vleuten' })).toBeVisible();

  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('First Name').fill('Changed');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Annemiek van Vleuten')).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Profile Information' }).getByText('Annemiek van Vleuten'),
  ).toBeVisible();
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(me).toMatchObject({ firstName: 'Annemiek', lastName: 'van Vleuten' });

  const bad = await page.request.patch('/api/profile', { data: { firstName: 7, lastName: 'x' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ message: 'First name must be text' });
  const cleared = await page.request.patch('/api/profile', { data: { firstName: '', lastName: ' ' } });
  expect(await cleared.json()).toMatchObject({ firstName: null, lastName: null });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile Information' }).getByText('Not set')).toBeVisible();

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the drawer slides in from the right, 72 units wide, and closes on navigation, upgrade and sign out', async ({
    page,
  }) => {
    const rider = newRider('Kasia', 'Niewiadoma');
    await register(page.request, rider);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Kasia Niewiadoma' })).toBeHidden();

    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Kasia Niewiadoma' })).toBeVisible();
    await expect(drawer.getByText(rider.email)).toBeVisible();
    await expect(drawer.getByText('FREE', { exact: true })).toBeVisible();
    await expect(drawer.getByText('K', { exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box && [Math.round(box.width), Math.round(box.x + box.width)];
      })
      .toEqual([288, 375]);

    await drawer.getByRole('link', { name: 'Profile & Settings' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(drawer).toBeHidden();

    await open.click();
    await page.getByRole('dialog').getByRole('link', { name: 'FAQ & Help' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/rides');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(`${baseURL()}/`);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test('desktop: the user menu and the Upgrade to Pro button', async ({ page }) => {
  const rider = newRider('Lizzie', 'Deignan');
  await register(page.request, rider);
  await page.goto('/goals');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Goals' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await page.getByRole('button', { name: 'Lizzie Deignan' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Profile & Settings',
    'FAQ & Help',
    'Upgrade to Pro',
    'Sign out',
  ]);
  await menu.getByRole('menuitem', { name: 'Profile & Settings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'Lizzie Deignan' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Upgrade to Pro' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
});

test('admin: sign-in with the configured account, its own session, and logout', async ({ page }) => {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = stackEnv();
  expect(ADMIN_USERNAME && ADMIN_PASSWORD).toBeTruthy();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Only authorized personnel may access this area.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await expect(page.getByText('Please enter both username and password.')).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN_USERNAME!);
  await page.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid username or password. Please try again.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // the admin session has its own cookie and is not a rider's session
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain('dq_admin');
  expect(cookies.map((cookie) => cookie.name)).not.toContain('dq_session');
  expect(await (await page.request.get('/api/admin/auth')).json()).toEqual({ isAdmin: true });
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(await (await page.request.get('/api/admin/auth')).json()).toEqual({ isAdmin: false });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('a rider’s session never passes the admin check', async () => {
  const api = await request.newContext({ baseURL: baseURL() });
  await register(api, newRider());
  expect((await api.get('/api/auth/user')).status()).toBe(200);
  expect(await (await api.get('/api/admin/auth')).json()).toEqual({ isAdmin: false });
  const viaGraphql = await api.post('/graphql', {
    headers: { 'x-domestique-realm': 'admin' },
    data: { query: '{ adminAuth { isAdmin } }' },
  });
  expect((await viaGraphql.json()).data).toEqual({ adminAuth: { isAdmin: false } });
  const asRider = await api.post('/graphql', { data: { query: '{ adminAuth { isAdmin } }' } });
  expect((await asRider.json()).data).toEqual({ adminAuth: { isAdmin: false } });
  await api.dispose();
});

test('public pages say what the spec says', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
  const questions = page.getByRole('button', { expanded: false });
  await expect(questions).toHaveCount(10);
  await page.getByRole('button', { name: 'What plans are available, and what do they cost?' }).click();
  await expect(page.getByText(/Free \(\$0\): 5 AI analyses per month/)).toBeVisible();
  await expect(page.getByText(/Pro \(\$99\/month\)/)).toBeVisible();
  await expect(page.getByText(/Elite \(\$199\/month/)).toBeVisible();
  await page.getByRole('button', { name: 'Is there a mobile app?' }).click();
  await expect(page.getByText(/Free \(\$0\)/)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'mailto:support@domestique.app',
  );
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(`${baseURL()}/`);

  await page.goto('/privacy-policy');
  await expect(page.getByText('Last updated December 2024')).toBeVisible();
  for (const section of [
    'Information We Collect',
    'How We Use Your Information',
    'Data Security',
    'Third-Party Services',
    'Your Rights',
    'Contact Us',
    'Changes to This Policy',
  ]) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await expect(page.getByText(/removed within 30 days/)).toBeVisible();
});
