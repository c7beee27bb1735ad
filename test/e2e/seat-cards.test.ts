import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';
import { pdfPages } from '../support/pdf-text';

/**
 * The printed seating: seat cards (a page per seated player, A-Z) and table lists (a page per table), as
 * PDF from the floor's routes, with Cyrillic and Latin names in the embedded font.
 */
const NAMES = ['Ёлкина Анна', 'Щербаков Юрий', 'Zoë Bäcker', 'Émile Ångström', 'Петров-Водкин Константин', 'O’Connor Seán', 'Ильин Игорь'];
const FIELD = 12;
const nameOf = (i: number) => `${NAMES[i % NAMES.length]} ${i}`;

let api: TestApi;
let owner: string;
let dealer: string;
let t: string;

async function ok(method: string, path: string, body?: unknown, token = owner) {
  const res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** A PDF route's answer, held to the contract, as bytes; a 503 (the shared store overloaded) is asked again after its Retry-After. */
async function pdf(path: string, token = owner, headers: Record<string, string> = {}) {
  const get = () => api.checkedFetch(new Request(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }));
  let res = await get();
  for (let i = 0; i < 5 && res.status === 503; i++) {
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? '1') * 1000));
    res = await get();
  }
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, 'print-owner', { name: 'Клуб «Ладья»' });
  owner = club.owner;
  await ok('POST', `${club.base}/members`, { userId: 'print-dealer', role: 'dealer' });
  dealer = await api.token('print-dealer');
  const id = (await ok('POST', `${club.base}/tournaments`, tournamentBody({ name: 'Зимний фриролл', seatsPerTable: 6 }, -60_000)))
    .tournamentId;
  t = `${club.base}/tournaments/${id}`;
  await ok('POST', `${t}/open-registration`);
  for (let i = 0; i < FIELD; i++) {
    const sub = `print-p${i}`;
    await ok('POST', '/v1/players', { displayName: nameOf(i), dateOfBirth: '1990-01-01', consent: true }, await api.token(sub));
    await ok('POST', `${t}/entries`, { kind: 'late_registration', playerId: sub });
  }
  await ok('POST', `${t}/start`);
}, 300_000);

afterAll(async () => {
  await api?.close();
});

describe('printed seating', () => {
  it('answers 409 SEATING_NOT_DRAWN before the draw', async () => {
    const res = await api.call('GET', `${t}/seat-cards`, { token: owner });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SEATING_NOT_DRAWN');
  });

  it('prints one seat card per player after the draw, A-Z, with the names in Cyrillic and Latin', async () => {
    await ok('POST', `${t}/seating/draw`);
    const res = await pdf(`${t}/seat-cards?lang=ru&tz=Europe/Moscow`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/pdf');
    const { pdf: doc, pages } = await pdfPages(res.bytes);
    expect(doc.getPageCount()).toBe(FIELD);
    expect(doc.getTitle()).toBe('Зимний фриролл: Карточки мест');
    const sorted = Array.from({ length: FIELD }, (_, i) => nameOf(i)).sort(
      new Intl.Collator('ru', { sensitivity: 'base', numeric: true }).compare,
    );
    // A long name wraps on the card: its lines read as one.
    pages.forEach((text, i) => {
      expect(text.split('\n').join(' ')).toContain(sorted[i]);
      expect(text).toContain('Зимний фриролл');
      expect(text).toContain('СТОЛ');
      expect(text).toContain('МЕСТО');
      expect(text).toMatch(/Начало: .*(MSK|GMT\+3)/);
    });
    // Each card's table and seat are the drawn ones.
    const tables = (await ok('GET', `${t}/tables`)) as { tables: { number: number; seats: { seat: number; playerId: string | null }[] }[] };
    for (const table of tables.tables) {
      for (const s of table.seats.filter((x) => x.playerId)) {
        const name = nameOf(Number(s.playerId!.replace('print-p', '')));
        const card = pages[sorted.indexOf(name)]!;
        expect(card.split('\n')).toEqual(expect.arrayContaining([String(table.number), String(s.seat)]));
      }
    }
  });

  it('prints a table list with a page per table, every seat numbered, in English by Accept-Language', async () => {
    const res = await pdf(`${t}/table-lists`, owner, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(res.status).toBe(200);
    const { pdf: doc, pages } = await pdfPages(res.bytes);
    const tables = (await ok('GET', `${t}/tables`)) as { tables: { number: number; status: string }[] };
    expect(doc.getPageCount()).toBe(tables.tables.filter((x) => x.status === 'active').length);
    expect(pages[0]).toContain('Table 1');
    expect(pages[0]).toContain('Start:');
    const all = pages.join('\n').split('\n').join(' ');
    for (let i = 0; i < FIELD; i++) expect(all).toContain(nameOf(i));
  });

  it('is for the floor: a dealer is refused; a time zone that is not one is a 400', async () => {
    expect((await pdf(`${t}/seat-cards`, dealer)).status).toBe(403);
    const bad = await api.call('GET', `${t}/table-lists?tz=Mars/Olympus`, { token: owner });
    expect(bad.status).toBe(400);
  });
});
