import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminLead, LeadDetailResponse, LeadListResponse } from '../../../contracts/admin';
import { deferredResponse, json, pageTest, testUser } from '../../test/helpers';
import { AdminPage, NOT_ADMIN_MESSAGE } from './admin-page';
import { ApiError, errorStatus } from '../../lib/api';
import { errorMessage } from './api/admin-api';
import { responseClock } from './components/response-clock';

const ADMIN = testUser({ email: 'boss@example.com', firstName: 'Bo', lastName: null, role: 'admin' });

const HOUR = 3_600_000;
function lead(id: number, name: string, hoursAgo: number, over: Partial<AdminLead> = {}): AdminLead {
  const created = Date.now() - hoursAgo * HOUR;
  return {
    id,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: null,
    careNeeds: ['Memory Care'],
    notes: 'Needs a ground-floor room',
    source: 'website',
    status: 'new',
    statusChangedAt: null,
    statusChangedBy: null,
    community: { id: 7, name: 'Maple Grove', city: 'Austin', state: 'TX', email: null },
    createdAt: new Date(created).toISOString(),
    ageHours: hoursAgo,
    dueAt: new Date(created + 24 * HOUR).toISOString(),
    overdue: hoursAgo > 24,
    nextStatuses: ['contacted', 'closed'],
    notification: { status: 'sent', attempts: 1, error: null, at: new Date(created).toISOString() },
    consent: { call: false, text: false },
    withdrawnAt: null,
    ...over,
  };
}

const page = pageTest(<AdminPage />, '/admin');

describe('AdminPage', () => {
  it('asks a signed-out visitor to sign in and calls nothing', () => {
    page.expectSignedOut('Please sign in', '/api/login?returnTo=%2Fadmin');
  });

  it('tells a signed-in non-admin that an advisor account is needed', () => {
    page.render({ ...ADMIN, role: 'user' });
    expect(screen.getByText(NOT_ADMIN_MESSAGE)).toBeTruthy();
    expect(NOT_ADMIN_MESSAGE).toBe('You need an advisor (admin) account to use this page.');
    expect(page.fetch).not.toHaveBeenCalled();
  });

  it('shows the inbox with clocks, the overdue banner and a failed e-mail with Retry', async () => {
    const body: LeadListResponse = {
      leads: [
        lead(1, 'Olive Overdue', 30),
        lead(2, 'Fred Fresh', 2, { notification: { status: 'failed', attempts: 2, error: 'Connection refused', at: new Date().toISOString() } }),
        lead(3, 'Carl Contacted', 5, { status: 'contacted', nextStatuses: ['tour_scheduled', 'closed'], statusChangedBy: 'boss@example.com', statusChangedAt: new Date().toISOString() }),
      ],
      total: 3,
      page: 1,
      pageSize: 25,
      overdueCount: 1,
      facets: { states: ['TX'], communities: [{ id: 7, name: 'Maple Grove', state: 'TX' }] },
    };
    page.fetch.mockImplementation(async (url: string) => (String(url).startsWith('/api/leads') ? json(body) : json({}, 404)));
    page.render(ADMIN);
    const table = await screen.findByRole('table', { name: 'Information requests' });
    expect(String(page.fetch.mock.calls[0]![0])).toBe('/api/leads?page=1&pageSize=25');
    expect(screen.getByText('1 request is past the 24-hour promise')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Overdue by 6 h')).toBeTruthy();
    expect(within(rows[1]!).getByText('Due in 22 h')).toBeTruthy();
    expect(within(rows[1]!).getByText('Connection refused')).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Retry the e-mail about Fred Fresh' })).toBeTruthy();
    expect(within(rows[2]!).getByText('Responded')).toBeTruthy();
    expect(within(rows[2]!).getByText(/by boss@example.com/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/admin/leads/export.csv');
  });

  it('keeps a next status chosen in the history while the last save still waits for the inbox', async () => {
    // A save settles once every lead query has refetched: the request's own detail can be back (new
    // history, next steps) while the inbox's list is still on its way. A choice made in between stays.
    let current = lead(3, 'Carl Contacted', 5, { status: 'contacted', nextStatuses: ['tour_scheduled', 'closed'] });
    const events: LeadDetailResponse['events'] = [];
    const list = (): LeadListResponse => ({ leads: [current], total: 1, page: 1, pageSize: 25, overdueCount: 0, facets: { states: ['TX'], communities: [] } });
    const slowList = deferredResponse();
    let saved = false;
    page.fetch.mockImplementation(async (url: string, init?: RequestInit) => {
      const u = String(url);
      if (u.startsWith('/api/leads')) return saved ? slowList.promise.then((r) => r.clone()) : json(list());
      if (u === '/api/admin/leads/3/status' && init?.method === 'POST') {
        const { status, note } = JSON.parse(String(init.body)) as { status: 'tour_scheduled'; note?: string };
        events.push({ id: events.length + 1, fromStatus: current.status, toStatus: status, changedBy: ADMIN.email, note: note ?? null, createdAt: new Date().toISOString() });
        current = { ...current, status, nextStatuses: ['closed'] };
        saved = true;
        return json({ ...current, events });
      }
      if (u === '/api/admin/leads/3') return json({ ...current, events });
      return json({}, 404);
    });
    page.render(ADMIN);
    fireEvent.click(await screen.findByRole('button', { name: 'History of Carl Contacted' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: 'Request from Carl Contacted' });
    const moveTo = () => within(dialog).getByRole('combobox', { name: 'Move to', hidden: true });
    const choose = async (label: string) => {
      await act(async () => {
        fireEvent.pointerDown(moveTo(), { pointerType: 'mouse', button: 0 });
      });
      await act(async () => {
        fireEvent.click(screen.getByRole('option', { name: label }));
      });
    };

    await choose('Tour scheduled');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Tour on Friday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save status' }));
    // The refreshed request is on screen, and the form is empty for its next step.
    await within(dialog).findByText('“Tour on Friday”');
    expect(moveTo().textContent).toBe('Choose the next status');
    expect((within(dialog).getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('');
    await choose('Closed');
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Moved in' } });

    await act(async () => slowList.resolve(list()));
    const save = await within(dialog).findByRole('button', { name: 'Save status' });
    expect(moveTo().textContent).toBe('Closed');
    expect((within(dialog).getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Moved in');
    expect((save as HTMLButtonElement).disabled).toBe(false);
  }, 15_000);

  it('shows the server message when the inbox cannot be loaded', async () => {
    page.fetch.mockResolvedValue(json({ error: { code: 'FORBIDDEN', message: 'This area is for care advisors (admins) only.' } }, 403));
    page.render(ADMIN);
    await waitFor(() => expect(screen.getByText('Unable to load the requests.')).toBeTruthy());
    expect(screen.getByText('This area is for care advisors (admins) only.')).toBeTruthy();
  });
});

describe('helpers', () => {
  it('words the 24-hour clock', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    const due = (h: number) => new Date(now + h * HOUR).toISOString();
    expect(responseClock({ status: 'new', dueAt: due(5) }, now)).toEqual({ label: 'Due in 5 h', tone: 'ok' });
    expect(responseClock({ status: 'new', dueAt: due(0.5) }, now)).toEqual({ label: 'Due in 30 min', tone: 'soon' });
    expect(responseClock({ status: 'new', dueAt: due(-3) }, now)).toEqual({ label: 'Overdue by 3 h', tone: 'overdue' });
    expect(responseClock({ status: 'contacted', dueAt: due(-3) }, now)).toEqual({ label: 'Responded', tone: 'done' });
  });

  it('reads the message and status of an API error', () => {
    const err = new ApiError(409, '{"error":{"code":"CONFLICT","message":"You cannot remove the last admin."}}');
    expect(errorMessage(err)).toBe('You cannot remove the last admin.');
    expect(errorStatus(err)).toBe(409);
    expect(errorMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('Bad Gateway');
    expect(errorMessage(new Error('offline'))).toBe('offline');
  });
});
