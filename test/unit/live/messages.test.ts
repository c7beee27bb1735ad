import { diffState } from '../../../functions/store/state-patch';
import { describe, expect, it } from 'vitest';
import { liveMessages, type LiveEvent } from '../../../functions/live/messages';
import type { StoredTournament } from '../../../functions/store/tournament-store';

/*
 * Seats in live frames are numbered as in the REST views (GET .../tables, .../moves): from 1. The domain
 * counts them from 0, so every seat reference in a staff frame is shifted on the way out.
 */

const clubId = 'club_1';
const tournamentId = 'trn_1';

function tournament(seats: Record<string, (string | null)[]>): StoredTournament {
  const seatOf: Record<string, { tableId: string; seat: number }> = {};
  for (const [tableId, row] of Object.entries(seats)) row.forEach((e, seat) => e && (seatOf[e] = { tableId, seat }));
  const entry = (id: string, playerId: string) => ({ id, playerId, status: 'active', chips: 1000 });
  return {
    id: tournamentId,
    clubId,
    status: 'running',
    version: 7,
    registrations: {},
    entries: { e1: entry('e1', 'p1'), e2: entry('e2', 'p2'), e3: entry('e3', 'p3') },
    seating: {
      seatsPerTable: 3,
      tables: Object.fromEntries(Object.entries(seats).map(([id, row], i) => [id, { id, number: i + 1, seats: row, status: 'active' }])),
      seatOf,
      moves: [],
      draws: [],
      nextTableNumber: 3,
    },
  } as unknown as StoredTournament;
}

/** Domain events as the log stores them (their type only, as LiveEvent sees them). */
const events = (...es: { type: string; [k: string]: unknown }[]) => es as LiveEvent['event']['events'];

describe('staff frames number seats from 1, as the REST views', () => {
  // e3 busts at table 1 seat index 0; e1 moves from table 2 seat index 1 to table 1 seat index 2.
  const before = tournament({ t1: ['e3', null, null], t2: ['e2', 'e1', null] });
  const after = tournament({ t1: [null, null, 'e1'], t2: ['e2', null, null] });
  const p: LiveEvent = {
    clubId,
    tournamentId,
    version: 7,
    before,
    after,
    event: {
      at: Date.UTC(2026, 11, 1, 19),
      events: events(
        { type: 'seating.seat_freed', entryId: 'e3', at: { tableId: 't1', seat: 0 } },
        {
          type: 'seating.player_moved',
          moveId: 'mv_1',
          entryId: 'e1',
          from: { tableId: 't2', seat: 1 },
          to: { tableId: 't1', seat: 2 },
          reason: 'balance',
        },
      ),
      // As the store writes it: the two tables the move changed.
      patch: diffState(before, after, { skip: ['seating.seatOf', 'version', 'views'] }),
    },
  };
  const messages = liveMessages(p);
  const staff = messages.find((m) => m.topic.kind === 'staff');

  it('seating.seat_freed and seating.player_moved name seats from 1, with the table number', () => {
    expect(staff?.data.events).toEqual([
      { type: 'seating.seat_freed', entryId: 'e3', at: { tableId: 't1', tableNumber: 1, seat: 1 } },
      {
        type: 'seating.player_moved',
        moveId: 'mv_1',
        entryId: 'e1',
        from: { tableId: 't2', tableNumber: 2, seat: 2 },
        to: { tableId: 't1', tableNumber: 1, seat: 3 },
        reason: 'balance',
      },
    ]);
  });

  it("the same seat in the staff events, the staff tables and the player's own frame", () => {
    const moved = (staff?.data.events as { type: string; to?: { seat: number } }[]).find((e) => e.type === 'seating.player_moved');
    const tables = staff?.data.tables as { tableId: string; seats: { seat: number; entryId: string | null }[] }[];
    const sitting = tables.find((t) => t.tableId === 't1')?.seats.find((s) => s.entryId === 'e1');
    const mine = messages.find((m) => m.topic.kind === 'player' && m.topic.playerId === 'p1');
    expect(sitting?.seat).toBe(moved?.to?.seat);
    expect(mine?.data.moves).toEqual([expect.objectContaining({ to: expect.objectContaining({ seat: moved?.to?.seat }) })]);
  });

  it('events without seats pass as they are', () => {
    const clock = liveMessages({
      ...p,
      event: { ...p.event, events: events({ type: 'clock.paused', levelIndex: 0, at: 5, cause: 'command' }) },
    });
    expect(clock.find((m) => m.topic.kind === 'staff')?.data.events).toEqual([
      { type: 'clock.paused', levelIndex: 0, at: 5, cause: 'command' },
    ]);
  });
});

describe('frames carry the tables an event changed, not the room', () => {
  // A knockout at table 3 of three: its seat is freed, the other tables stand as they were (the same objects).
  const before = tournament({ t1: ['e1', null, null], t2: ['e2', null, null], t3: ['e3', null, null] });
  const freed = tournament({ t1: ['e1', null, null], t2: ['e2', null, null], t3: [null, null, null] });
  const seating = before.seating as NonNullable<StoredTournament['seating']>;
  const after: StoredTournament = { ...freed, seating: { ...seating, tables: { ...seating.tables, t3: freed.seating!.tables.t3! } } };
  const frame = (patch: LiveEvent['event']['patch']) =>
    liveMessages({
      clubId,
      tournamentId,
      version: 8,
      before,
      after,
      event: { at: 9, events: events({ type: 'seating.seat_freed', entryId: 'e3', at: { tableId: 't3', seat: 0 } }), patch },
    });
  const tablesOf = (messages: ReturnType<typeof frame>, topic: string) =>
    messages.find((m) => m.topic.kind === topic)?.data.tables as { tableId: string; players: number }[];

  it('a change of one table sends that table to the floor and the public clock', () => {
    const messages = frame(diffState(before, after, { skip: ['seating.seatOf', 'version', 'views'] }));
    expect(tablesOf(messages, 'staff').map((t) => t.tableId)).toEqual(['t3']);
    expect(tablesOf(messages, 'tournament').map((t) => [t.tableId, t.players])).toEqual([['t3', 0]]);
  });

  it('a patch that sets the seating whole (a draw) sends every table', () => {
    const messages = frame([['s', ['seating'], after.seating]]);
    expect(tablesOf(messages, 'tournament').map((t) => [t.tableId, t.players])).toEqual([
      ['t1', 1],
      ['t2', 1],
      ['t3', 0],
    ]);
  });
});
