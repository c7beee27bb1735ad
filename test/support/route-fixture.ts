import type { Route } from '../../functions/platform/route';
import type { TestApi } from './local-api';
import { clubWithOwner, makePlayer, tournamentBody } from './tournament-fixtures';

/** A club with a running, seated tournament, and the ids every route's path needs. */
export interface RouteFixture {
  /** The club owner (also a player), who may call every club and user route. */
  token: string;
  operator: string;
  known: Record<string, string>;
}

export async function routeFixture(api: TestApi, prefix: string): Promise<RouteFixture> {
  const owner = `${prefix}-owner`;
  const c = await clubWithOwner(api, owner);
  const token = c.owner;
  const operator = await api.token(`${prefix}-operator`, { operator: true });
  await makePlayer(api, owner);
  const t = await api.call('POST', `${c.base}/tournaments`, { token, body: tournamentBody({ seatsPerTable: 4 }, -60_000) });
  const known: Record<string, string> = { clubId: c.clubId, tournamentId: t.body.tournamentId, userId: owner };
  const path = `${c.base}/tournaments/${t.body.tournamentId}`;
  await api.call('POST', `${path}/open-registration`, { token });
  for (const p of ['1', '2', '3'].map((n) => `${prefix}${n}`)) {
    await makePlayer(api, p);
    const r = await api.call('POST', `${path}/registrations`, { token, body: { playerId: p } });
    await api.call('POST', `${path}/registrations/${r.body.item.registrationId}/check-in`, { token });
    known.registrationId = r.body.item.registrationId;
  }
  await api.call('POST', `${path}/start`, { token });
  await api.call('POST', `${path}/seating/draw`, { token });
  const entries = (await api.call('GET', `${path}/entries`, { token })).body.items;
  known.entryId = entries[0].entryId;
  known.playerId = entries[0].playerId;
  known.tableId = (await api.call('GET', `${path}/tables`, { token })).body.tables[0].tableId;
  // Duplicate Poker paths number their rounds, tables and hands.
  Object.assign(known, { round: '1', table: '1', hand: '1' });
  // A prize row is named by its place in the list.
  known.index = '0';
  return { token, operator, known };
}

export const paramNames = (route: Route): string[] => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** The route's path with known ids, and `raw` (already percent-encoded, or not) in place of `name`. */
export function pathWith(route: Route, known: Record<string, string>, name?: string, raw?: string): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, n: string) =>
    n === name && raw !== undefined ? raw : encodeURIComponent(known[n] ?? 'missing'),
  );
}
