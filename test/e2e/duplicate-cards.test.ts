import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../support/http-expectations';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner } from '../support/tournament-fixtures';

/*
 * R-DUP-2 over HTTP: until a round closes, its cards (deck sheets, hand diagrams, the screen, the answer to a
 * recorded hand) reach only the roles the club grants the decks, never an API key, and every such read is in
 * the deck-read audit, the owner's too. Once the round is closed the played cards are public.
 */

const OWNER = 'dupc-owner';
const MANAGER = 'dupc-manager';
const DEALER = 'dupc-dealer';
const STACK = 10_000;
const PLAYERS = ['dupc-a', 'dupc-b', 'dupc-c', 'dupc-d', 'dupc-e', 'dupc-f'];

type Seat = { seat: number; playerId: string | null };
type Sheet = { hand: number; holes: { seat: number; cards: string[] }[]; board: string[] };

let api: TestApi;
let owner: string;
let manager: string;
let dealer: string;
let managerKey: string;
let base: string;
let ev: string;
let sheet1: Sheet;

/** Hand 1 at a table of three (button 1, blinds 25/25 on 2 and 3): limped and checked down to a showdown of all three. */
const SHOWDOWN = [
  { seat: 1, action: 'call' },
  { seat: 2, action: 'check' },
  { seat: 3, action: 'check' },
  ...[1, 2, 3].flatMap(() => [2, 3, 1].map((seat) => ({ seat, action: 'check' }))),
];

/** Every card of hand 1's deal (holes and board), as the sheets print them. */
const dealt = (s: Sheet): string[] => [...s.holes.flatMap((h) => h.cards), ...s.board];
/** True when any of the cards appears in the text, in a JSON string or a hand history's brackets. */
const showsAny = (text: string, cards: string[]): boolean =>
  cards.some((c) => text.includes(`"${c}"`) || new RegExp(`[\\[ ]${c}[\\] ]`).test(text));

const readsOf = async () =>
  (await expectStatus(api.call('GET', `${ev}/deck-reads`, { token: owner }))).body.items as {
    actorId: string;
    role: string;
    round: number;
    what: string;
  }[];

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, OWNER);
  owner = club.owner;
  base = club.base;
  manager = await api.token(MANAGER);
  dealer = await api.token(DEALER);
  await expectStatus(api.call('POST', `${base}/members`, { token: owner, body: { userId: MANAGER, role: 'manager' } }));
  await expectStatus(api.call('POST', `${base}/members`, { token: owner, body: { userId: DEALER, role: 'dealer' } }));
  managerKey = (
    await expectStatus(api.call('POST', `${base}/api-keys`, { token: owner, body: { name: 'floor desk', role: 'manager' } }), 201)
  ).body.key;
  const created = await expectStatus(
    api.call('POST', `${base}/duplicate-events`, {
      token: owner,
      body: {
        name: 'Duplicate Cards',
        players: PLAYERS.map((p) => ({ playerId: p, name: p })),
        settings: { rounds: [{ hands: 5 }], startingStack: STACK, seatsPerTable: 3 },
      },
    }),
    201,
  );
  ev = `${base}/duplicate-events/${created.body.eventId}`;
  await expectStatus(api.call('POST', `${ev}/start`, { token: owner }));
}, 120_000);
afterAll(async () => api?.close());

describe('Duplicate cards follow the deck grant until the round closes (R-DUP-2)', { timeout: 90_000 }, () => {
  it('the owner reads the sheets; the read is audited', async () => {
    const sheets = await expectStatus(api.call('GET', `${ev}/rounds/1/decks`, { token: owner }));
    sheet1 = sheets.body.hands[0] as Sheet;
    expect(dealt(sheet1)).toHaveLength(11);
    expect(await readsOf()).toEqual([expect.objectContaining({ actorId: OWNER, role: 'owner', round: 1, what: 'deck-sheets' })]);
  });

  it('a manager without the grant, by token or by API key, sees no card: sheets, diagram and screen are refused', async () => {
    for (const auth of [{ token: manager }, { apiKey: managerKey }]) {
      const decks = await api.call('GET', `${ev}/rounds/1/decks`, auth);
      expect(decks.status).toBe(403);
      for (const path of [`${ev}/rounds/1/hands/1/diagram`, `${ev}/screen?round=1&hand=1`]) {
        const res = await api.call('GET', path, auth);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code: 'DECK_ACCESS_DENIED' });
        expect(showsAny(JSON.stringify(res.body), dealt(sheet1))).toBe(false);
      }
    }
    // Outside the club the hand is not public yet.
    const anon = await api.call('GET', `${ev}/rounds/1/hands/1/diagram`);
    expect(anon.status).toBe(404);
    expect(anon.body.code).toBe('DIAGRAM_NOT_PUBLIC');
    expect((await api.call('GET', `${ev}/screen?round=1&hand=1`)).status).toBe(404);
    // A refused read leaves no record.
    expect((await readsOf()).map((r) => r.actorId)).toEqual([OWNER]);
  });

  it('a dealer without the grant records a hand to its showdown and gets the actions and chips back, never a card; errors name none', async () => {
    const round = (await expectStatus(api.call('GET', `${ev}/rounds/1`, { token: owner }))).body as {
      tables: { table: number; seats: Seat[] }[];
    };
    expect(round.tables[1]!.seats.every((s) => s.playerId !== null)).toBe(true);
    const short = await api.call('PUT', `${ev}/rounds/1/tables/2/hands/1`, { token: dealer, body: { actions: SHOWDOWN.slice(0, 6) } });
    expect(short.status).toBe(422);
    expect(short.body.code).toBe('HAND_INCOMPLETE');
    expect(showsAny(JSON.stringify(short.body), dealt(sheet1))).toBe(false);
    const res = await expectStatus(api.call('PUT', `${ev}/rounds/1/tables/2/hands/1`, { token: dealer, body: { actions: SHOWDOWN } }));
    expect(res.body.complete).toBe(true);
    expect(res.body.board).toEqual([]);
    expect(res.body.stacks.map((s: { start: number }) => s.start)).toEqual([STACK, STACK, STACK]);
    expect(res.body.stacks.reduce((a: number, s: { net: number }) => a + s.net, 0)).toBe(0);
    expect(res.body.text).toContain('*** SUMMARY ***');
    expect(res.body.text).not.toContain('Dealt to');
    expect(showsAny(JSON.stringify(res.body), dealt(sheet1))).toBe(false);
    // The dealer has no grant: nothing is recorded as read.
    expect((await readsOf()).map((r) => r.actorId)).toEqual([OWNER]);
    // Nor does the dealer see the diagram.
    expect((await api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { token: dealer })).status).toBe(403);
  });

  it('the owner sees every card before the close, in the diagram, the screen and a recorded hand; each read is audited', async () => {
    const d = await expectStatus(api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { token: owner }));
    expect(d.body.board).toEqual(sheet1.board);
    expect(d.body.seatGroups.map((g: { cards: string[] }) => g.cards)).toEqual(sheet1.holes.map((h) => h.cards));
    const screen = await expectStatus(api.call('GET', `${ev}/screen?round=1&hand=1`, { token: owner }));
    expect(screen.body).toContain('Round 1, hand 1');
    const rec = await expectStatus(api.call('PUT', `${ev}/rounds/1/tables/1/hands/1`, { token: owner, body: { actions: SHOWDOWN } }));
    expect(rec.body.board).toEqual(sheet1.board);
    expect(rec.body.text).toContain('*** SHOW DOWN ***');
    expect((await readsOf()).map((r) => [r.actorId, r.role, r.what])).toEqual([
      [OWNER, 'owner', 'deck-sheets'],
      [OWNER, 'owner', 'hand-diagram'],
      [OWNER, 'owner', 'screen'],
      [OWNER, 'owner', 'hand-record'],
    ]);
  });

  it('granted to managers, a manager sees the cards and is audited; the manager API key still is not', async () => {
    await expectStatus(api.call('PUT', `${base}/duplicate-deck-access`, { token: owner, body: { roles: ['manager'] } }));
    const d = await expectStatus(api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { token: manager }));
    expect(d.body.board).toEqual(sheet1.board);
    const key = await api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { apiKey: managerKey });
    expect(key.status).toBe(403);
    expect(key.body.code).toBe('DECK_ACCESS_DENIED');
    expect((await api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { token: dealer })).status).toBe(403);
    const reads = await readsOf();
    expect(reads.at(-1)).toMatchObject({ actorId: MANAGER, role: 'manager', round: 1, what: 'hand-diagram' });
    expect(reads.map((r) => r.actorId)).not.toContain(DEALER);
    expect(reads.some((r) => r.actorId.startsWith('apikey:'))).toBe(false);
  });

  it('after the close the played cards are public, as before; the deck sheets still follow the grant', async () => {
    const round = (await expectStatus(api.call('GET', `${ev}/rounds/1`, { token: owner }))).body as {
      tables: { table: number; seats: Seat[] }[];
    };
    for (const t of round.tables)
      await expectStatus(
        api.call('PUT', `${ev}/rounds/1/tables/${t.table}/counts`, {
          token: owner,
          body: { counts: t.seats.map((s) => ({ playerId: s.playerId as string, chips: STACK })), emptySeats: [] },
        }),
      );
    await expectStatus(api.call('POST', `${ev}/rounds/1/close`, { token: owner }));
    const before = (await readsOf()).length;
    const d = await expectStatus(api.call('GET', `${ev}/rounds/1/hands/1/diagram`));
    expect(d.body.board).toEqual(sheet1.board);
    expect((await expectStatus(api.call('GET', `${ev}/rounds/1/hands/1/diagram`, { token: dealer }))).body.board).toEqual(sheet1.board);
    const screen = await expectStatus(api.call('GET', `${ev}/screen?round=1&hand=1`, { apiKey: managerKey }));
    expect(screen.body).toContain('Round 1, hand 1');
    expect((await api.call('GET', `${ev}/rounds/1/decks`, { token: dealer })).status).toBe(403);
    // Public reads are not audited; nothing was added.
    expect(await readsOf()).toHaveLength(before);
  });
});
