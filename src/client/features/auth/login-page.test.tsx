import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithProviders } from '../../test/helpers';
import { LoginPage } from './login-page';
import { navigateTo } from './navigate';

vi.mock('./navigate', () => ({ navigateTo: vi.fn() }));

const USER = { id: 1, email: 'pat@example.com', firstName: 'Pat', lastName: null, profileImageUrl: null, role: 'user', plan: 'basic', trialEndsAt: null, isPro: true };

let fetchMock: ReturnType<typeof mockFetch>;
let oidc = false;

function setup(path = '/api/login') {
  renderWithProviders(<LoginPage />, { path });
}

const email = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const password = () => screen.getByLabelText('Password') as HTMLInputElement;

/** Types the e-mail and password and presses Sign In. */
function signIn(emailValue: string, passwordValue: string) {
  fireEvent.change(email(), { target: { value: emailValue } });
  fireEvent.change(password(), { target: { value: passwordValue } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The server answers the sign-in with the user. */
const acceptSignIn = () => fetchMock.mockImplementation(async (url: string) => (url === '/api/auth/login' ? json(USER) : json({ oidc: false })));

beforeEach(() => {
  oidc = false;
  fetchMock = mockFetch(async (url) => (url === '/api/auth/config' ? json({ oidc }) : json({}, 404)));
  vi.mocked(navigateTo).mockClear();
});

describe('LoginPage', () => {
  it('checks the fields before sending anything', async () => {
    setup();
    fireEvent.change(email(), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([u]) => u !== '/api/auth/config')).toEqual([]);
  });

  it('shows the server message and keeps what was typed when sign-in fails', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/login' ? json({ error: { code: 'UNAUTHENTICATED', message: 'Incorrect e-mail or password.' } }, 401) : json({ oidc: false }),
    );
    setup();
    signIn('pat@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect e-mail or password.');
    expect(email().value).toBe('pat@example.com');
    expect(password().value).toBe('wrong-password');
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('signs in and goes to a safe returnTo with a full navigation', async () => {
    acceptSignIn();
    setup('/api/login?returnTo=%2Fsaved');
    signIn(' Pat@Example.com ', 'right-password');
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/saved'));
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/login')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ email: 'pat@example.com', password: 'right-password' });
  });

  it('never follows an off-site returnTo', async () => {
    acceptSignIn();
    setup('/api/login?returnTo=%2F%2Fevil.example.com');
    signIn('pat@example.com', 'right-password');
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/'));
  });

  it('creates an account (explaining the trial), carrying the e-mail over, and shows a taken e-mail', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/register'
        ? json({ error: { code: 'CONFLICT', message: 'An account with this e-mail already exists.' } }, 409)
        : json({ oidc: false }),
    );
    setup();
    fireEvent.change(email(), { target: { value: 'pat@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a free account' }));
    expect(await screen.findByRole('heading', { name: 'Create Your Account' })).toBeTruthy();
    expect(screen.getByText(/14-day Professional trial/)).toBeTruthy();
    expect(email().value).toBe('pat@example.com');
    fireEvent.change(screen.getByLabelText('First name (optional)'), { target: { value: 'Pat' } });
    fireEvent.change(password(), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Your password needs at least 8 characters.')).toBeTruthy();
    fireEvent.change(password(), { target: { value: 'long enough now' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An account with this e-mail already exists.');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/register')!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ email: 'pat@example.com', password: 'long enough now', firstName: 'Pat' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy();
  });

  it('offers single sign-on only when the server has it', async () => {
    oidc = true;
    setup('/api/login?returnTo=%2Fsaved');
    const link = await screen.findByRole('link', { name: 'Continue with single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/login?sso=1&returnTo=%2Fsaved');
  });

  it('explains a failed single sign-on', async () => {
    setup('/api/login?error=sso_unavailable');
    expect(await screen.findByText('Single sign-on is not configured on this server.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue with single sign-on' })).toBeNull();
  });
});
