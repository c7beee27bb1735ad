import type { TestApi } from './local-api';
import { validClub } from './local-api';

const HOUR = 3_600_000;

/** Settings of an evening tournament starting `startInMs` from now, with overrides. */
export function tournamentBody(over: Record<string, unknown> = {}, startInMs = HOUR) {
  const start = Date.now() + startInMs;
  return {
    name: 'Friday Deepstack',
    startAt: new Date(start).toISOString(),
    lateRegEndsAt: new Date(start + 2 * HOUR).toISOString(),
    buyIn: 150_000,
    startingStack: 20_000,
    seatsPerTable: 9,
    ...over,
  };
}

/** A club with its owner, and helpers to make adult players. */
export async function clubWithOwner(api: TestApi, ownerSub: string, over: Record<string, unknown> = {}) {
  const owner = await api.token(ownerSub);
  const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub(over) });
  if (res.status !== 201) throw new Error(`club: ${res.status} ${JSON.stringify(res.body)}`);
  const clubId: string = res.body.clubId;
  const base = `/v1/clubs/${clubId}`;
  return { owner, clubId, base };
}

export async function makePlayer(api: TestApi, sub: string, dateOfBirth = '1991-03-04'): Promise<string> {
  const token = await api.token(sub);
  const res = await api.call('POST', '/v1/players', { token, body: { displayName: sub, dateOfBirth, consent: true } });
  if (res.status !== 201 && res.status !== 409) throw new Error(`player ${sub}: ${res.status}`);
  return token;
}

/** A playing level of a blind structure (the API's shape). */
export const level = (smallBlind: number, bigBlind: number, durationSec: number, ante = 0) => ({
  smallBlind,
  bigBlind,
  ante,
  durationSec,
  isBreak: false,
});

/** A break of a blind structure. */
export const breakLevel = (durationSec: number) => ({ smallBlind: 0, bigBlind: 0, ante: 0, durationSec, isBreak: true });

/**
 * Opens the tournament at `t` for registration and buys `players` in (a late registration before the start
 * registers and checks in at once): their entry ids.
 */
export async function openAndBuyIn(api: TestApi, token: string, t: string, players: readonly string[]): Promise<Map<string, string>> {
  const opened = await api.call('POST', `${t}/open-registration`, { token });
  if (opened.status !== 200) throw new Error(`open-registration: ${opened.status} ${JSON.stringify(opened.body)}`);
  const entryOf = new Map<string, string>();
  for (const playerId of players) {
    const r = await api.call('POST', `${t}/entries`, { token, body: { kind: 'late_registration', playerId } });
    if (r.status !== 201) throw new Error(`entry of ${playerId}: ${r.status} ${JSON.stringify(r.body)}`);
    entryOf.set(playerId, r.body.item.entryId as string);
  }
  return entryOf;
}
