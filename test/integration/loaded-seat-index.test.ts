/**
 * A tournament read back from its snapshot keeps its seat index as a record map (domain/core/record-map.ts),
 * as the one the domain keeps is: a plain object from JSON would make the next seat change, and every
 * comparison of the index before and after it (the consumer's touched players), a walk of the whole field.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type * as Store from '../../functions/store/tournament-store';
import { isRecordMap, recordCount } from '../../domain/core/record-map';
import { seededRandom } from '../../domain/core/random';
import type { Context } from '../../domain/core/context';
import { checkIn, createTournament, changeStatus, register } from '../../domain/tournaments';
import { drawSeating } from '../../domain/floor/seating';
import type { FloorTournament } from '../../domain/floor/aggregate';

let store: typeof Store;
let n = 0;
const T0 = Date.UTC(2026, 11, 1, 19, 0, 0);
const ctx = (now: number): Context => ({
  now,
  actor: { id: 'owner', role: 'owner' },
  rng: seededRandom(5),
  newId: (p) => `${p}_${(++n).toString(36)}`,
});

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  store = await import('../../functions/store/tournament-store');
}, 60_000);

describe('a seated tournament read from its snapshot', () => {
  it('has its seat index as a record map after folding the draw from the log, every seated entry in it', async () => {
    let t = createTournament(
      {
        clubId: 'club_seats',
        clubCurrency: 'RUB',
        settings: { name: 'Seats', startAt: T0, lateRegEndsAt: T0 + 3_600_000, buyIn: 1000, startingStack: 20_000, seatsPerTable: 9 },
      },
      ctx(T0 - 86_400_000),
    ).state;
    t = changeStatus(t, { to: 'registration_open' }, ctx(T0 - 3_600_000)).state;
    for (let i = 0; i < 20; i++) {
      const r = register(t, { playerId: `seat_p${i}`, otherRegistrations: [] }, ctx(T0 - 3_000_000));
      const created = r.events.find((e) => e.type === 'registration.created') as { registrationId: string };
      t = checkIn(r.state, { registrationId: created.registrationId }, ctx(T0 - 2_000_000)).state;
    }
    t = changeStatus(t, { to: 'running' }, ctx(T0)).state;
    await store.createTournamentItem({ ...t, version: 1 } as Store.StoredTournament);
    // The draw's event sets the seating whole: its patch, folded from the log, holds the index as JSON.
    const drawn = await store.mutateTournament('club_seats', t.id, (s) => drawSeating(s as FloorTournament, ctx(T0)));
    const loaded = (await store.loadTournamentAt('club_seats', t.id, drawn.version)).state as Store.StoredTournament;
    expect(isRecordMap(loaded.seating?.seatOf)).toBe(true);
    expect(recordCount(loaded.seating?.seatOf)).toBe(20);
  });
});
