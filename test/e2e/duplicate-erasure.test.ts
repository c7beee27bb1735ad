import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../support/http-expectations';
import { foldToBigBlind, type DuplicateSeat } from '../support/duplicate-play';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer } from '../support/tournament-fixtures';
import { DELETED_PLAYER_NAME } from '../../functions/http/players';

/*
 * R-PD-1 in Duplicate Poker: the floor types each player's name into the event. When the player erases the
 * account, every view of the event shows the pseudonym instead, while the id, the seat and the results stay.
 */

const OWNER = 'dupx-owner';
const DEALER = 'dupx-dealer';
const STACK = 10_000;

type Seat = DuplicateSeat;

let api: TestApi;
let owner: string;
let dealer: string;
let base: string;

/** A six-player event (two tables of three) of one five-hand round, played through: hand 1 recorded, counts entered, closed, seed revealed. */
async function playedEvent(players: { playerId: string; name: string }[]): Promise<string> {
  const created = await expectStatus(
    api.call('POST', `${base}/duplicate-events`, {
      token: owner,
      body: { name: 'Duplicate Sunday', players, settings: { rounds: [{ hands: 5 }], startingStack: STACK, seatsPerTable: 3 } },
    }),
    201,
  );
  const ev = `${base}/duplicate-events/${created.body.eventId}`;
  await expectStatus(api.call('POST', `${ev}/start`, { token: owner }));
  const round = (await expectStatus(api.call('GET', `${ev}/rounds/1`, { token: owner }))).body as {
    tables: { table: number; seats: Seat[] }[];
  };
  await expectStatus(
    api.call('PUT', `${ev}/rounds/1/tables/1/hands/1`, { token: dealer, body: { actions: foldToBigBlind(round.tables[0]!.seats) } }),
  );
  const deltas = [300, -300, 0];
  for (const t of round.tables) {
    await expectStatus(
      api.call('PUT', `${ev}/rounds/1/tables/${t.table}/counts`, {
        token: owner,
        body: {
          counts: t.seats.flatMap((s, i) => (s.playerId === null ? [] : [{ playerId: s.playerId, chips: STACK + (deltas[i] ?? 0) }])),
          emptySeats: t.seats.filter((s) => s.playerId === null).map((s) => ({ seat: s.seat, chips: STACK })),
        },
      }),
    );
  }
  await expectStatus(api.call('POST', `${ev}/rounds/1/close`, { token: owner }));
  await expectStatus(api.call('POST', `${ev}/rounds/1/reveal`, { token: owner }));
  return ev;
}

/** Every view of the event, staff and public, as text. */
async function allViews(ev: string): Promise<Record<string, string>> {
  const views: Record<string, [string, string | undefined]> = {
    event: [ev, owner],
    standings: [`${ev}/standings`, undefined],
    round: [`${ev}/rounds/1`, undefined],
    roundStaff: [`${ev}/rounds/1`, owner],
    table1: [`${ev}/rounds/1/tables/1`, dealer],
    table2: [`${ev}/rounds/1/tables/2`, dealer],
    diagram: [`${ev}/rounds/1/hands/1/diagram`, undefined],
    diagramStaff: [`${ev}/rounds/1/hands/1/diagram`, owner],
    screen: [`${ev}/screen?round=1&hand=1`, undefined],
    list: [`${base}/duplicate-events`, owner],
  };
  const out: Record<string, string> = {};
  for (const [key, [path, token]] of Object.entries(views)) {
    const res = await expectStatus(api.call('GET', path, token ? { token } : {}));
    out[key] = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  }
  return out;
}

const standingsOf = async (ev: string) =>
  (await expectStatus(api.call('GET', `${ev}/standings`))).body as {
    field: { playerId: string; name: string; total: number; status: string }[];
  };

beforeAll(async () => {
  api = await startTestApi();
  const club = await clubWithOwner(api, OWNER);
  owner = club.owner;
  base = club.base;
  dealer = await api.token(DEALER);
  await expectStatus(api.call('POST', `${base}/members`, { token: owner, body: { userId: DEALER, role: 'dealer' } }));
}, 120_000);
afterAll(async () => api?.close());

describe('Duplicate Poker and the right to erasure (R-PD-1)', { timeout: 90_000 }, () => {
  it('R-PD-1: erasing my account removes my name from every view of a Duplicate event; my id and results stay', async () => {
    const ann = await makePlayer(api, 'dupx-ann');
    const players = [
      { playerId: 'dupx-ann', name: 'Anna Zebrowska' },
      { playerId: 'dupx-bob', name: 'Bob Quill' },
      { playerId: 'dupx-cat', name: 'Cat Moss' },
      { playerId: 'dupx-dan', name: 'Dan Reed' },
      { playerId: 'dupx-ed', name: 'Ed Nash' },
      { playerId: 'dupx-flo', name: 'Flo Dunn' },
    ];
    const ev = await playedEvent(players);
    const before = await allViews(ev);
    // The player sits at one of the two tables: the table views are read together.
    before.tables = `${before.table1}${before.table2}`;
    for (const key of ['event', 'standings', 'round', 'roundStaff', 'tables', 'diagram', 'screen'])
      expect(before[key], key).toContain('Anna Zebrowska');
    const standingsBefore = await standingsOf(ev);

    await expectStatus(api.call('DELETE', '/v1/me', { token: ann }));

    const after = await allViews(ev);
    for (const [key, text] of Object.entries(after)) {
      expect(text, key).not.toContain('Zebrowska');
      expect(text, key).not.toContain('Anna');
    }
    after.tables = `${after.table1}${after.table2}`;
    for (const key of ['event', 'standings', 'round', 'tables', 'diagram']) expect(after[key], key).toContain('dupx-ann');
    expect(after.screen).toContain(DELETED_PLAYER_NAME);
    // The results are the same, the name aside; the other players keep theirs.
    const standingsAfter = await standingsOf(ev);
    expect(standingsAfter.field).toEqual(
      standingsBefore.field.map((f) => (f.playerId === 'dupx-ann' ? { ...f, name: DELETED_PLAYER_NAME } : f)),
    );
    expect(after.standings).toContain('Bob Quill');
  });

  it('R-PD-1: a new event naming a player erased before it stores the pseudonym, whatever the floor typed', async () => {
    const cy = await makePlayer(api, 'dupx-cy');
    await expectStatus(api.call('DELETE', '/v1/me', { token: cy }));
    const players = [
      { playerId: 'dupx-cy', name: 'Cyrus Vantablack' },
      { playerId: 'dupx-eve', name: 'Eve Stone' },
      { playerId: 'dupx-fay', name: 'Fay Lark' },
      { playerId: 'dupx-gus', name: 'Gus Pike' },
      { playerId: 'dupx-hal', name: 'Hal Birch' },
      { playerId: 'dupx-ivy', name: 'Ivy Holt' },
    ];
    const again = await expectStatus(
      api.call('POST', `${base}/duplicate-events`, {
        token: owner,
        body: { name: 'Duplicate Monday', players, settings: { seatsPerTable: 3 } },
      }),
      201,
    );
    expect(JSON.stringify(again.body)).not.toContain('Vantablack');
    expect(again.body.players.find((p: { playerId: string }) => p.playerId === 'dupx-cy').name).toBe(DELETED_PLAYER_NAME);
    expect(again.body.players.find((p: { playerId: string }) => p.playerId === 'dupx-fay').name).toBe('Fay Lark');
  });
});
