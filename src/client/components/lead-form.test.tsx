import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { LEADS_QUERY_KEY } from '../lib/leads';
import { deferredResponse, mockFetch, renderWithProviders } from '../test/helpers';
import { LeadForm, leadRejectionReason } from './lead-form';

function setup(props: { communityId?: number; onSuccess?: () => void } = {}) {
  return renderWithProviders(<LeadForm {...props} />);
}

const nameInput = () => screen.getByLabelText(/^Name/) as HTMLInputElement;
const emailInput = () => screen.getByLabelText(/^Email/) as HTMLInputElement;
const phoneInput = () => screen.getByLabelText('Phone') as HTMLInputElement;
const notesInput = () => screen.getByLabelText('Notes') as HTMLTextAreaElement;
const submit = () => screen.getByRole('button', { name: /Request Information|Sending/ });

function fill() {
  fireEvent.change(nameInput(), { target: { value: 'Jane Doe' } });
  fireEvent.change(emailInput(), { target: { value: 'jane@example.com' } });
  fireEvent.change(phoneInput(), { target: { value: '512-555-0101' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Memory Care' }));
  fireEvent.change(notesInput(), { target: { value: 'Mom needs help.' } });
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});

describe('LeadForm', () => {
  it('renders the fields: required name and email (type email), phone, care needs checkboxes, 3-row notes', () => {
    setup();
    expect(nameInput().required).toBe(true);
    expect(emailInput().required).toBe(true);
    expect(emailInput().type).toBe('email');
    expect(phoneInput().required).toBe(false);
    expect(notesInput().rows).toBe(3);
    // 8 care needs and the two consents (issue 16), none ticked in advance.
    expect(screen.getAllByRole('checkbox')).toHaveLength(10);
    expect(screen.getByRole('group', { name: 'Care Needs' })).toBeTruthy();
    const consent = screen.getByRole('group', { name: 'May we call or text you?' });
    expect(within(consent).getAllByRole('checkbox').map((c) => c.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    // Who receives the request is said before sending.
    expect(screen.getByTestId('lead-recipient-notice').textContent).toContain('we will not share your details with other communities without asking you');
  });

  it('shows Required Fields and sends nothing when name or email is empty', async () => {
    setup();
    fireEvent.click(submit());
    expect(await screen.findByText('Required Fields')).toBeTruthy();
    expect(screen.getByText('Please fill in your name and email address.')).toBeTruthy();
    // Whitespace only counts as empty too (submit event path).
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.change(emailInput(), { target: { value: 'jane@example.com' } });
    fireEvent.submit(nameInput().form!);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the values with the contract's schema and sends nothing the server would refuse", async () => {
    setup();
    fill();
    fireEvent.change(phoneInput(), { target: { value: '555-01' } });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Phone must include at least 7 digits');
    expect(fetchMock).not.toHaveBeenCalled();
    // Corrected, it is sent.
    fetchMock.mockResolvedValue(new Response('{"id":3,"status":"received"}', { status: 201 }));
    fireEvent.change(phoneInput(), { target: { value: '512-555-0101' } });
    fireEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('sends the consent the requester ticked and then offers the private status link', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 9, status: 'received', communityId: 42, createdAt: '2026-01-01T00:00:00Z', message: 'ok', statusUrl: '/requests/track#tok' }), { status: 201 }));
    setup({ communityId: 42 });
    fill();
    fireEvent.click(screen.getByLabelText('A care advisor may call me at this number'));
    fireEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(init.body)).toMatchObject({ consentCall: true, consentText: false });
    const link = await screen.findByRole('link', { name: 'Follow your request' });
    expect(link.getAttribute('href')).toBe('/requests/track#tok');
  });

  it('posts the lead, shows Sending... while submitting, then thanks, resets, calls onSuccess and refreshes the lead list', async () => {
    const pending = deferredResponse();
    fetchMock.mockReturnValue(pending.promise);
    const onSuccess = vi.fn();
    const { queryClient } = setup({ communityId: 42, onSuccess });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fill();
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Sending...'));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/leads');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '512-555-0101',
      communityId: 42,
      careNeeds: ['Memory Care'],
      notes: 'Mom needs help.',
      source: 'website',
      consentCall: false,
      consentText: false,
    });
    pending.resolve({ id: 1, status: 'received', statusUrl: '/requests/track#abc' }, 201);
    expect(await screen.findByText('Information Request Sent')).toBeTruthy();
    expect(screen.getByText('Thank you! A care advisor will contact you within 24 hours.')).toBeTruthy();
    expect(nameInput().value).toBe('');
    expect(emailInput().value).toBe('');
    expect(phoneInput().value).toBe('');
    expect(notesInput().value).toBe('');
    expect(screen.getByRole('checkbox', { name: 'Memory Care' }).getAttribute('aria-checked')).toBe('false');
    expect(onSuccess).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: LEADS_QUERY_KEY }));
    expect(submit().textContent).toBe('Request Information');
  });

  it('keeps the content and shows the Error toast (logged as a warning) when the request fails', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":{"code":"RATE_LIMITED","message":"Too many"}}', { status: 429 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onSuccess = vi.fn();
    setup({ onSuccess });
    fill();
    fireEvent.click(submit());
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Failed to submit request. Please try again.')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    expect(nameInput().value).toBe('Jane Doe');
    expect(emailInput().value).toBe('jane@example.com');
    expect(phoneInput().value).toBe('512-555-0101');
    expect(notesInput().value).toBe('Mom needs help.');
    expect(screen.getByRole('checkbox', { name: 'Memory Care' }).getAttribute('aria-checked')).toBe('true');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(submit().textContent).toBe('Request Information');
    // The server's reason is shown beside the form.
    expect(screen.getByRole('alert').textContent).toBe('Too many');
  });

  it('also keeps the content when the network is down', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup();
    fill();
    fireEvent.click(submit());
    // After the one automatic retry (same key) has failed too.
    expect(await screen.findByText('Failed to submit request. Please try again.', undefined, { timeout: 4000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(nameInput().value).toBe('Jane Doe');
    expect(screen.queryByText('Failed to fetch')).toBeNull();
  }, 15_000);

  it('sends one Idempotency-Key per submit and reuses it on the automatic retry after a 503', async () => {
    const unavailable = () =>
      new Response('{"error":{"code":"DATABASE_UNAVAILABLE","message":"The database is unavailable right now."}}', { status: 503 });
    fetchMock
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(new Response('{"id":7,"status":"received"}', { status: 201 }))
      .mockResolvedValueOnce(new Response('{"id":8,"status":"received"}', { status: 201 }));
    setup();
    fill();
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByText('Information Request Sent')).toBeTruthy(), { timeout: 4000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const keyOf = (call: number) => {
      const [url, init] = fetchMock.mock.calls[call]!;
      return `${url} ${(init.headers as Record<string, string>)['Idempotency-Key']}`;
    };
    expect(keyOf(0)).toMatch(/^\/api\/leads [0-9a-f-]{36}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    // The next submit is a new request: a new key.
    fill();
    fireEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
  }, 15_000);

  it('reads the reason of a rejected request', () => {
    expect(leadRejectionReason(new ApiError(400, '{"error":{"code":"VALIDATION_ERROR","message":"body.phone: Phone must include at least 7 digits"}}'))).toBe(
      'Phone must include at least 7 digits',
    );
    expect(leadRejectionReason(new ApiError(404, '{"error":{"code":"NOT_FOUND","message":"Community not found"}}'))).toBe('Community not found');
    expect(leadRejectionReason(new ApiError(500, '{"error":{"code":"INTERNAL","message":"x"}}'))).toBeNull();
    expect(leadRejectionReason(new ApiError(400, 'Bad Request'))).toBeNull();
    expect(leadRejectionReason(new TypeError('Failed to fetch'))).toBeNull();
  });
});
