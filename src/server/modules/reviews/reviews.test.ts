// Reviews written on this site (issue 16, ADR 023): one per user and community, moderation states,
// counted in the community's rating and review count only while approved, Verified only under ADR 008.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';
import { createCommunity, createSignedInUser, nextTestAddress } from '../../test/factories';
import { THEMES } from '../../../contracts/themes';
import { scoreThemes } from '../../lib/themes';
import { scoreText } from '../sentiment/sentiment';

const t = useTestApp();
let communityId: number;
let otherCommunityId: number;
let adminCookie: string;

const user = (email: string, first: string | null = 'Jane', last: string | null = 'Doe') =>
  createSignedInUser(t.tdb.pool, { email, firstName: first, lastName: last });

let emailCounter = 0;
const newUser = (first: string | null = 'Jane', last: string | null = 'Doe') => user(`family${++emailCounter}@example.com`, first, last);

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextTestAddress(7),
    headers: { ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

const review = (over: Record<string, unknown> = {}) => ({
  communityId,
  rating: 5,
  title: 'Kind staff and a lovely garden',
  content: 'The staff were wonderful and caring with my mother. The garden is lovely and the food is good.',
  relationship: 'family_member',
  stayFrom: '2025-03-01',
  stayTo: '2025-09-30',
  ...over,
});

const community = async (id = communityId) =>
  (await t.tdb.pool.query<{ rating: number; review_count: number; rating_score: number }>('SELECT rating, review_count, rating_score FROM communities WHERE id = $1', [id])).rows[0]!;

const moderate = (id: number, action: string, reason?: string, cookie = adminCookie) =>
  call('POST', `/api/admin/reviews/${id}/moderate`, cookie, { action, ...(reason !== undefined ? { reason } : {}) });

beforeAll(async () => {
  communityId = await createCommunity(t.tdb.pool, { name: 'Maple Grove', sourceId: 'r1' });
  otherCommunityId = await createCommunity(t.tdb.pool, { name: 'Oak Hill', city: 'Dallas', sourceId: 'r2' });
  adminCookie = (await createSignedInUser(t.tdb.pool, { email: 'desk@example.com', role: 'admin', firstName: 'Desk' })).cookie;
});
beforeEach(async () => {
  await t.tdb.pool.query('DELETE FROM family_reviews');
  await t.tdb.pool.query('DELETE FROM customer_reviews');
  await t.tdb.pool.query('UPDATE communities SET rating = 0, review_count = 0');
  // Two demo reviews (4 and 2 stars): the community's figures before any family review.
  await t.tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment)
     VALUES ($1, 4, 'A', 'fine', '2024-01-01', 'Demo', 0.6), ($1, 2, 'B', 'poor', '2024-01-02', 'Demo', 0.3)`,
    [communityId],
  );
  await t.tdb.pool.query("UPDATE communities SET rating = 3, review_count = 2 WHERE id = $1", [communityId]);
});

describe('writing a review', () => {
  it('needs a signed-in user', async () => {
    const res = await call('POST', '/api/family-reviews', undefined, review());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('stores a pending review scored for sentiment, not yet counted or shown', async () => {
    const u = await newUser();
    const res = await call('POST', '/api/family-reviews', u.cookie, review());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', rating: 5, relationship: 'family_member', stayFrom: '2025-03-01', stayTo: '2025-09-30', moderationReason: null });
    expect(body.sentiment).toBeCloseTo(scoreText(review().content), 3);
    expect(body.sentiment).toBeGreaterThan(0.6);
    expect(await community()).toMatchObject({ rating: 3, review_count: 2 });
    const page = (await call('GET', `/api/reviews/${communityId}`)).json();
    expect(page.summary.totalReviews).toBe(2);
  });

  it('allows one review per user and community (a second is a 409 that says to edit)', async () => {
    const u = await newUser();
    expect((await call('POST', '/api/family-reviews', u.cookie, review())).statusCode).toBe(201);
    const again = await call('POST', '/api/family-reviews', u.cookie, review({ title: 'Second try' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('Edit your review');
    // Another community, or another user, is fine.
    expect((await call('POST', '/api/family-reviews', u.cookie, review({ communityId: otherCommunityId }))).statusCode).toBe(201);
    expect((await call('POST', '/api/family-reviews', (await newUser()).cookie, review())).statusCode).toBe(201);
    const { rows } = await t.tdb.pool.query('SELECT count(*)::int AS n FROM family_reviews WHERE user_id = $1', [u.id]);
    expect(rows[0].n).toBe(2);
  });

  it('keeps one review when two identical posts arrive at the same moment', async () => {
    const u = await newUser();
    const [a, b] = await Promise.all([call('POST', '/api/family-reviews', u.cookie, review()), call('POST', '/api/family-reviews', u.cookie, review())]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['rating 0', { rating: 0 }, 'rating'],
    ['rating 6', { rating: 6 }, 'rating'],
    ['rating 4.5', { rating: 4.5 }, 'rating'],
    ['no title', { title: '  ' }, 'title'],
    ['short text', { content: 'Too short' }, 'at least 20'],
    ['unknown relationship', { relationship: 'neighbour' }, 'relationship'],
    ['stay ending before it starts', { stayFrom: '2025-05-01', stayTo: '2025-04-01' }, 'cannot end before'],
    ['not a date', { stayFrom: '2025-02-30' }, 'real date'],
    ['a control character', { title: 'Hello\u0000there' }, 'control characters'],
  ];
  it.each(bad)('refuses %s with a 400 that says why, storing nothing', async (_label, over, text) => {
    const u = await newUser();
    const res = await call('POST', '/api/family-reviews', u.cookie, review(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(text);
    expect((await t.tdb.pool.query('SELECT count(*)::int AS n FROM family_reviews')).rows[0].n).toBe(0);
  });

  it('answers an unknown community with 404', async () => {
    const res = await call('POST', '/api/family-reviews', (await newUser()).cookie, review({ communityId: 99_999 }));
    expect(res.statusCode).toBe(404);
  });

  it('limits review writes per client address (429)', async () => {
    const u = await newUser();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/family-reviews',
        remoteAddress: '10.99.0.1',
        headers: { cookie: u.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(review({ communityId: 99_999 })),
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('moderation', () => {
  async function pending(u?: { id: number; cookie: string }, over: Record<string, unknown> = {}) {
    const author = u ?? (await newUser());
    const res = await call('POST', '/api/family-reviews', author.cookie, review(over));
    expect(res.statusCode).toBe(201);
    return { id: res.json().id as number, author };
  }

  it('is for admins only', async () => {
    const { id, author } = await pending();
    expect((await call('GET', '/api/admin/reviews')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reviews', author.cookie)).statusCode).toBe(403);
    expect((await moderate(id, 'approve', undefined, author.cookie)).statusCode).toBe(403);
  });

  it('lists the queue oldest first with the author and the pending count', async () => {
    const a = await pending();
    const b = await pending(undefined, { communityId: otherCommunityId });
    const res = await call('GET', '/api/admin/reviews?status=pending', adminCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pendingCount).toBe(2);
    expect(body.reviews.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
    expect(body.reviews[0].author).toMatchObject({ id: a.author.id, name: 'Jane D.' });
  });

  it('approval publishes it as "This site" and counts it in rating, review count and rating score at once', async () => {
    const before = await community();
    const { id } = await pending();
    const res = await moderate(id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', moderatedBy: 'desk@example.com' });
    // (4 + 2 + 5) / 3 = 3.67
    const after = await community();
    expect(after.review_count).toBe(3);
    expect(after.rating).toBeCloseTo(3.67, 2);
    expect(after.rating_score).toBeGreaterThan(before.rating_score);
    const page = (await call('GET', `/api/reviews/${communityId}`)).json();
    expect(page.summary.totalReviews).toBe(3);
    const mine = page.reviews.find((r: { title: string | null }) => r.title === review().title);
    expect(mine).toMatchObject({ source: 'This site', provenance: { kind: 'user', name: 'This site' }, author: 'Jane D., family member', rating: 5 });
    expect(mine.sentiment).toBeCloseTo(scoreText(review().content), 3);
    // Scored for themes like every other review (ADR 021): staff, food and the rest of its text.
    const stored = (await t.tdb.pool.query<{ theme_mask: number; theme_sentiment: number[] }>('SELECT theme_mask, theme_sentiment FROM customer_reviews WHERE id = (SELECT customer_review_id FROM family_reviews WHERE id = $1)', [id])).rows[0]!;
    const expected = scoreThemes(review().content, 'customer');
    const mentioned = THEMES.customer.filter((t) => expected[t]?.mentioned);
    expect(mentioned).toEqual(expect.arrayContaining(['staff', 'food']));
    for (const [i, t] of THEMES.customer.entries()) expect(Boolean(stored.theme_mask & (1 << i)), t).toBe(mentioned.includes(t));
    const detail = (await call('GET', `/api/communities/${communityId}`)).json();
    expect(detail).toMatchObject({ reviewCount: 3, rating: 3.67 });
  });

  it('is Verified only when the author has a request or favorite for the community (ADR 008)', async () => {
    const plain = await pending();
    await moderate(plain.id, 'approve');
    const withLead = await newUser('Lee', 'Park');
    await t.tdb.pool.query("INSERT INTO leads (community_id, user_id, name, email) VALUES ($1, $2, 'Lee', 'lee@example.com')", [communityId, withLead.id]);
    const leadReview = await pending(withLead, { title: 'Lead author' });
    const withFavorite = await newUser('Fay', 'Vo');
    await t.tdb.pool.query('INSERT INTO favorites (user_id, community_id) VALUES ($1, $2)', [withFavorite.id, communityId]);
    const favReview = await pending(withFavorite, { title: 'Favorite author' });
    // A request for another community shows no relationship to this one.
    const elsewhere = await newUser('Eli', 'Ng');
    await t.tdb.pool.query("INSERT INTO leads (community_id, user_id, name, email) VALUES ($1, $2, 'Eli', 'eli@example.com')", [otherCommunityId, elsewhere.id]);
    const elsewhereReview = await pending(elsewhere, { title: 'Elsewhere author' });
    const queue = (await call('GET', '/api/admin/reviews', adminCookie)).json();
    expect(Object.fromEntries(queue.reviews.map((r: { title: string; verifiable: boolean }) => [r.title, r.verifiable]))).toEqual({
      'Lead author': true,
      'Favorite author': true,
      'Elsewhere author': false,
    });
    for (const r of [leadReview, favReview, elsewhereReview]) expect((await moderate(r.id, 'approve')).statusCode).toBe(200);
    const page = (await call('GET', `/api/reviews/${communityId}?pageSize=20`)).json();
    const verified = Object.fromEntries(page.reviews.map((r: { title: string | null; verified: boolean }) => [r.title ?? '', r.verified]));
    expect(verified).toMatchObject({ [review().title]: false, 'Lead author': true, 'Favorite author': true, 'Elsewhere author': false });
    // Demo reviews are never verified.
    expect(page.reviews.filter((r: { source: string }) => r.source === 'Demo').every((r: { verified: boolean }) => !r.verified)).toBe(true);
  });

  it('rejection needs a reason, leaves the figures as they were and tells the author why', async () => {
    const { id, author } = await pending();
    const noReason = await moderate(id, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain('Say why');
    expect((await moderate(id, 'reject', 'Not about this community')).statusCode).toBe(200);
    expect(await community()).toMatchObject({ rating: 3, review_count: 2 });
    const mine = (await call('GET', '/api/family-reviews/mine', author.cookie)).json();
    expect(mine.reviews).toEqual([expect.objectContaining({ id, status: 'rejected', moderationReason: 'Not about this community' })]);
    // A rejected review cannot be approved until the author edits it.
    expect((await moderate(id, 'approve')).statusCode).toBe(409);
  });

  it('flagging personal data takes a published review down and the author sees it', async () => {
    const { id, author } = await pending();
    await moderate(id, 'approve');
    expect((await community()).review_count).toBe(3);
    const res = await moderate(id, 'flag', 'Names a staff member');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'flagged', moderationReason: 'Names a staff member' });
    expect(await community()).toMatchObject({ rating: 3, review_count: 2 });
    expect((await t.tdb.pool.query("SELECT count(*)::int AS n FROM customer_reviews WHERE source_kind = 'user'")).rows[0].n).toBe(0);
    const mine = (await call('GET', `/api/family-reviews/mine?communityId=${communityId}`, author.cookie)).json();
    expect(mine.reviews[0]).toMatchObject({ status: 'flagged', moderationReason: 'Names a staff member' });
  });

  it('refuses moves that make no sense with a 409', async () => {
    const { id } = await pending();
    expect((await moderate(id, 'approve')).statusCode).toBe(200);
    expect((await moderate(id, 'approve')).statusCode).toBe(409);
    expect((await moderate(99_999, 'approve')).statusCode).toBe(404);
    expect((await moderate(id, 'publish')).statusCode).toBe(400);
  });

  it('publishes once when two moderators approve at the same moment', async () => {
    const { id } = await pending();
    const [a, b] = await Promise.all([moderate(id, 'approve'), moderate(id, 'approve')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await community()).review_count).toBe(3);
  });
});

describe('editing', () => {
  it('only the author may edit; an edit re-enters moderation and unpublishes until approved again', async () => {
    const author = await newUser();
    const { id } = (await call('POST', '/api/family-reviews', author.cookie, review())).json();
    await moderate(id, 'approve');
    expect((await community()).review_count).toBe(3);

    const stranger = await newUser();
    const theirs = await call('PUT', `/api/family-reviews/${id}`, stranger.cookie, review({ rating: 1 }));
    expect(theirs.statusCode).toBe(404);

    const edit = review({ rating: 1, title: 'Changed my mind', content: 'The care was terrible and the staff were rude and careless.' });
    delete (edit as Record<string, unknown>).communityId;
    const res = await call('PUT', `/api/family-reviews/${id}`, author.cookie, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', rating: 1, title: 'Changed my mind' });
    expect(res.json().sentiment).toBeLessThan(0.4);
    expect(await community()).toMatchObject({ rating: 3, review_count: 2 });

    await moderate(id, 'approve');
    // (4 + 2 + 1) / 3 = 2.33: the new rating counts, the old one is gone.
    expect((await community()).rating).toBeCloseTo(2.33, 2);
    const page = (await call('GET', `/api/reviews/${communityId}`)).json();
    expect(page.reviews.filter((r: { source: string }) => r.source === 'This site').map((r: { title: string }) => r.title)).toEqual(['Changed my mind']);
  });

  it('the author lists their reviews with their states; nobody else sees them', async () => {
    const author = await newUser();
    await call('POST', '/api/family-reviews', author.cookie, review());
    const other = (await call('POST', '/api/family-reviews', author.cookie, review({ communityId: otherCommunityId }))).json();
    await moderate(other.id, 'approve');
    const mine = (await call('GET', '/api/family-reviews/mine', author.cookie)).json();
    expect(mine.reviews.map((r: { community: { name: string }; status: string }) => [r.community.name, r.status]).sort()).toEqual([
      ['Maple Grove', 'pending'],
      ['Oak Hill', 'approved'],
    ]);
    expect((await call('GET', '/api/family-reviews/mine', (await newUser()).cookie)).json().reviews).toEqual([]);
    expect((await call('GET', '/api/family-reviews/mine')).statusCode).toBe(401);
  });
});
