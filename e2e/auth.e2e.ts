// Sign-in, sign-up, sign-out and favorites in a real browser against the real app.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, expectAccessible, loggedLink, logMark, pageErrors, screenshot, signUp, useBrowser, VIEWPORTS } from './support/browser';

let seq = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${seq++}@example.com`;
const userName = (page: Page) => page.getByTestId('user-name');
const header = (page: Page) => page.locator('header[data-app-header]');

async function openLogin(page: Page, url = '/api/login') {
  await page.goto(url);
  await expect.poll(() => page.getByRole('tab', { name: 'Create Account' }).isVisible(), { timeout: 20_000 }).toBe(true);
}

describe.skipIf(!browserAvailable)('sign-in and favorites', () => {
  const b = useBrowser();

  it('signs up, shows the name in the header, signs out, and signs in again (a wrong password keeps the e-mail)', async () => {
    const page = await b.newPage();
    const email = uniqueEmail('morgan');
    const password = 'a calm green meadow';

    await openLogin(page);
    await screenshot(page, 'auth-login-desktop');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create Your Account');
    expect(await page.getByText('Your 14-day Professional trial starts today').isVisible()).toBe(true);
    await page.getByLabel('First name (optional)').fill('Morgan');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await screenshot(page, 'auth-create-account');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    // A full navigation home; the header now shows the first name and Sign Out.
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    await expect.poll(() => userName(page).textContent(), { timeout: 20_000 }).toBe('Morgan');
    await screenshot(page, 'auth-signed-in-home');

    await header(page).getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => header(page).getByRole('link', { name: 'Sign In' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await userName(page).count()).toBe(0);

    await header(page).getByRole('link', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('Incorrect e-mail or password.');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await screenshot(page, 'auth-wrong-password');
    await expectAccessible(page);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => userName(page).textContent(), { timeout: 20_000 }).toBe('Morgan');
    expect(pageErrors(page)).toEqual([]);
  });

  it('asks to sign in before saving a favorite', async () => {
    const page = await b.newPage();
    await page.goto('/search');
    const heart = page.getByTestId('community-card').first().getByRole('button', { name: /to favorites$/ });
    await expect.poll(() => heart.isVisible(), { timeout: 20_000 }).toBe(true);
    await heart.click();
    await expect.poll(() => page.getByText('Sign In Required', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Please sign in to save favorites.', { exact: true }).first().isVisible()).toBe(true);
    await screenshot(page, 'auth-favorite-signed-out');
    expect(pageErrors(page)).toEqual([]);
  });

  it('saves a favorite from the search page, lists it on /saved, and removes it there', async () => {
    const page = await b.newPage();
    await signUp(page, { email: uniqueEmail('saver'), firstName: 'Sasha' });
    await page.goto('/search');
    const card = page.getByTestId('community-card').first();
    const heart = card.getByRole('button', { name: /to favorites$/ });
    await expect.poll(() => heart.isVisible(), { timeout: 20_000 }).toBe(true);
    const name = (await card.locator('h3').textContent())!.trim();
    await heart.click();
    await expect.poll(() => page.getByText('Added to Favorites', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('button', { name: `Remove ${name} from favorites` }).getAttribute('aria-pressed')).toBe('true');

    await page.goto('/saved');
    await expect.poll(() => page.getByTestId('community-card').count(), { timeout: 20_000 }).toBe(1);
    expect((await page.getByTestId('community-card').locator('h3').textContent())?.trim()).toBe(name);
    expect(await page.getByText('1 saved community').isVisible()).toBe(true);
    await screenshot(page, 'saved-one');
    await expectAccessible(page);

    await page.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    await expect.poll(() => page.getByText('Removed from Favorites', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No saved communities yet').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Find communities' }).getAttribute('href')).toBe('/search');
    await screenshot(page, 'saved-empty');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('/saved signed out invites to sign in and comes back after signing in (phone)', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    const owner = await b.newPage();
    const { email, password } = await signUp(owner, { email: uniqueEmail('phone') });

    await page.goto('/saved');
    const signIn = page.locator('main').getByRole('link', { name: 'Sign In' });
    await expect.poll(() => signIn.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await signIn.getAttribute('href')).toBe('/api/login?returnTo=%2Fsaved');
    await screenshot(page, 'saved-signed-out-phone');
    await expectAccessible(page);

    await signIn.click();
    await expect.poll(() => page.getByRole('tab', { name: 'Sign In' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'auth-login-phone');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/saved', { timeout: 20_000 });
    await expect.poll(() => page.getByText('No saved communities yet').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)('forgotten password and e-mail verification (one-time links)', () => {
  const b = useBrowser();

  it('resets a forgotten password through the logged link: the old password and the other session stop working', async () => {
    // An account signed in elsewhere (another browser context) with the old password.
    const other = await b.newPage();
    const { email } = await signUp(other, { email: uniqueEmail('forgetful'), password: 'the old password', firstName: 'Frankie' });
    expect((await other.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(200);

    const page = await b.newPage();
    await openLogin(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Reset Your Password');
    await expectAccessible(page);
    await page.getByLabel('E-mail').fill(email);
    const mark = logMark();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.locator('main').getByRole('status').textContent()).toContain('If an account exists for that e-mail');
    await screenshot(page, 'auth-reset-requested');

    const link = await loggedLink('reset', mark);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(link.pathname + link.search);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Choose a New Password');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect.poll(() => page.getByText('Your password needs at least 8 characters.').isVisible()).toBe(true);
    await screenshot(page, 'auth-reset-password');
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    // Signed in with the new password on a full navigation home.
    await page.waitForURL((u) => u.pathname === '/', { timeout: 20_000 });
    await expect.poll(() => userName(page).textContent(), { timeout: 20_000 }).toBe('Frankie');
    expect((await other.request.get(`${baseUrl}/api/auth/user`)).status()).toBe(401);
    expect((await page.request.post(`${baseUrl}/api/auth/login`, { data: { email, password: 'the old password' } })).status()).toBe(401);

    // The link works once.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('yet another password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('This link is invalid, was already used or has expired.');
    expect(pageErrors(page)).toEqual([]);
  });

  it('confirms the e-mail address through the logged verification link', async () => {
    const page = await b.newPage();
    const mark = logMark();
    await signUp(page, { email: uniqueEmail('verifier'), firstName: 'Vic' });
    const link = await loggedLink('verify', mark);
    expect(link.pathname).toBe('/verify-email');
    await page.goto(link.pathname + link.search);
    await expect.poll(() => page.locator('main').getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/is confirmed|already used/);
    await screenshot(page, 'auth-email-verified');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });
});
