import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/** Issue 2's journey: sign up, land on the dashboard, keep the session, sign out, sign in again. */
const newRider = () => ({
  email: `browser-${randomUUID().slice(0, 8)}@example.com`,
  password: 'pedal-hard-1',
  firstName: 'Paula',
  lastName: 'Radcliffe',
});

const fillSignIn = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
};

test('a new rider signs up, keeps the session, signs out and back in', async ({ page }) => {
  const rider = newRider();

  await page.goto('/');
  await expect(page).toHaveTitle(/Domestique/);
  await page.getByRole('link', { name: 'Get Started Free' }).click();
  // Get Started Free opens the form on Create account
  await expect(page).toHaveURL(/\/auth\?mode=register$/);

  await page.getByLabel('First Name').fill(rider.firstName);
  await page.getByLabel('Last Name').fill(rider.lastName);
  await fillSignIn(page, rider.email, rider.password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome back, ${rider.firstName}!` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome back, ${rider.firstName}!` })).toBeVisible();

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: `${rider.firstName} ${rider.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  await page.goto('/rides');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();

  await page.goto('/auth');
  await fillSignIn(page, rider.email, 'not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Password', { exact: true }).fill(rider.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been logged in successfully.')).toBeVisible();

  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('signed out, an unknown path shows the auth page and protected paths go home', async ({ page }) => {
  await page.goto('/somewhere/unknown');
  await expect(page).toHaveURL(/\/somewhere\/unknown$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  for (const path of ['/dashboard', '/coach', '/goals', '/analytics', '/subscribe', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('the auth form validates before calling the server and clears errors on mode switch', async ({
  page,
}) => {
  await page.goto('/auth');
  await fillSignIn(page, 'someone@example.com', '123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await page.getByRole('button', { name: /create an account/i }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
});

test('/api/login sends a signed-out visitor to create an account', async ({ page }) => {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/auth\?mode=register$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});
