import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';

/**
 * The public catalogue of clubs over HTTP. No registry is configured in this file, which is the
 * local default: every automatic check is "unavailable" and the club waits for a moderator.
 */
let api: TestApi;
let operator: string;
const tula: Record<string, string> = {};

beforeAll(async () => {
  delete process.env.REGISTRY_BASE_URL;
  delete process.env.REGISTRY_PROVIDER;
  api = await startTestApi();
  operator = await api.token('mod-cat', { operator: true });
  // Created out of order: the catalogue sorts by city, then name.
  for (const name of ['Ферзь', 'Ace High', 'Бубны', 'Dealer Choice', 'Clubs & Spades']) {
    const owner = await api.token(`owner-${name}`);
    const res = await api.call('POST', '/v1/clubs', {
      token: owner,
      body: validClub({ name, city: 'Тула', contacts: { phone: '+7 4872 00-00-00', website: 'https://club.example' } }),
    });
    expect(res.status).toBe(201);
    tula[name] = res.body.clubId;
  }
  const other = await api.call('POST', '/v1/clubs', {
    token: await api.token('owner-kzn'),
    body: validClub({ name: 'Kazan Aces', city: 'Kazan' }),
  });
  expect(other.status).toBe(201);
});
afterAll(async () => api?.close());

type Page = { items: { clubId: string; name: string; city: string; verified: boolean }[]; nextCursor: string | null };

async function walk(query: string, limit: number): Promise<{ pages: Page[]; names: string[] }> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await api.call('GET', `/v1/catalog/clubs?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor && pages.length < 20);
  return { pages, names: pages.flatMap((p) => p.items.map((i) => i.name)) };
}

describe('the public catalogue of clubs', () => {
  it('R-CLUB-1: is public, paginated by city then name, and shows only the public view with the notice', async () => {
    const { pages, names } = await walk('city=%D1%82%D1%83%D0%BB%D0%B0', 2); // "тула": the city matches in any case
    expect(names).toEqual(['Ace High', 'Clubs & Spades', 'Dealer Choice', 'Бубны', 'Ферзь']);
    expect(pages.slice(0, 2).every((p) => p.items.length === 2)).toBe(true);
    const first = (await api.call('GET', '/v1/catalog/clubs?city=Tula')).body;
    expect(first.items).toEqual([]);
    const page = (await api.call('GET', '/v1/catalog/clubs?city=Тула&limit=1')).body;
    expect(page.notice).toMatch(/independent third party/);
    expect(page.verifiedMeans).toMatch(/INN\/OGRN .*not an endorsement/);
    // Exactly the public fields: never the legal numbers, the attestation or who created it.
    expect(Object.keys(page.items[0]).sort()).toEqual(['address', 'city', 'clubId', 'contacts', 'name', 'verified']);
    expect(JSON.stringify(page)).not.toContain('7736207543');
    const all = await walk('', 4);
    expect(all.names).toContain('Kazan Aces');
    expect(all.names.indexOf('Kazan Aces')).toBeLessThan(all.names.indexOf('Ace High'));
  });

  it('R-CLUB-3: verified=true lists only clubs a check or a moderator verified; with no registry configured the check goes to review', async () => {
    const owner = await api.token('owner-Бубны');
    const asked = await api.call('POST', `/v1/clubs/${tula['Бубны']}/verification`, {
      token: owner,
      body: { attestation: { accepted: true } },
    });
    expect(asked.status).toBe(202);
    let status = asked.body.status;
    for (let i = 0; i < 200 && status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await api.call('GET', `/v1/clubs/${tula['Бубны']}/verification`, { token: owner })).body.status;
    }
    expect(status).toBe('needs_review');
    expect((await walk('city=Тула&verified=true', 2)).names).toEqual([]);
    const decided = await api.call('POST', `/v1/operator/clubs/${tula['Бубны']}/verification-decision`, {
      token: operator,
      body: { decision: 'verify', reason: 'Checked against the registry by hand' },
    });
    expect(decided.status).toBe(200);
    const verified = await walk('city=Тула&verified=true', 2);
    expect(verified.names).toEqual(['Бубны']);
    expect(verified.pages[0]?.items[0]?.verified).toBe(true);
    expect((await walk('city=Тула&verified=false', 2)).names).toEqual(['Ace High', 'Clubs & Spades', 'Dealer Choice', 'Ферзь']);
  });

  it('R-MOD-1, R-CLUB-4: a suspended club leaves the catalogue and comes back when unsuspended', async () => {
    const suspend = (suspended: boolean) =>
      api.call('POST', `/v1/operator/clubs/${tula['Dealer Choice']}/suspension`, {
        token: operator,
        body: { suspended, reason: 'listing reviewed' },
      });
    expect((await suspend(true)).status).toBe(200);
    expect((await walk('city=Тула', 10)).names).toEqual(['Ace High', 'Clubs & Spades', 'Бубны', 'Ферзь']);
    expect((await suspend(false)).status).toBe(200);
    expect((await walk('city=Тула', 10)).names).toContain('Dealer Choice');
  });

  it('an edited name or city moves the club in the catalogue', async () => {
    const owner = await api.token('owner-Ферзь');
    const res = await api.call('PATCH', `/v1/clubs/${tula['Ферзь']}`, { token: owner, body: { name: 'Ace of Tula' } });
    expect(res.status).toBe(200);
    expect((await walk('city=Тула', 10)).names.slice(0, 2)).toEqual(['Ace High', 'Ace of Tula']);
    expect((await api.call('GET', `/v1/clubs/${tula['Ферзь']}`, { token: owner })).body).not.toHaveProperty('catalogKey');
  });

  it('refuses a tampered cursor, and a cursor of another filter, with 400 CURSOR_INVALID', async () => {
    const first = (await api.call('GET', '/v1/catalog/clubs?city=Тула&limit=1')).body;
    expect(first.nextCursor).toEqual(expect.any(String));
    const [payload, mac] = (first.nextCursor as string).split('.');
    const forged = `${Buffer.from('{"gsi2pk":"catalog#clubs","gsi2sk":"x"}').toString('base64url')}.${mac}`;
    for (const cursor of [forged, `${payload}.AAAA${mac?.slice(4)}`, 'garbage']) {
      const res = await api.call('GET', `/v1/catalog/clubs?city=Тула&limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CURSOR_INVALID');
    }
    const elsewhere = await api.call('GET', `/v1/catalog/clubs?city=Kazan&limit=1&cursor=${encodeURIComponent(first.nextCursor)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('CURSOR_INVALID');
  });
});
