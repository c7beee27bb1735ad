import { expect } from 'vitest';
import type { TestApi } from './local-api';
import type { Res } from './http-expectations';

/*
 * Playing tournaments of a season over HTTP, and the league table the rules give for scripted finishes
 * (R-LEAGUE-1..3), for the e2e suites that check standings against values computed in the test.
 */

/**
 * The API as a client should use it: a 503 (the shared DynamoDB Local overloaded) is retried after its
 * Retry-After, a few times. Anything else is answered as it comes.
 */
export function retryingCall(api: TestApi): TestApi['call'] {
  return async (...args) => {
    for (let attempt = 1; ; attempt++) {
      const res = await api.call(...args);
      if (res.status !== 503 || attempt >= 5) return res;
      await new Promise((r) => setTimeout(r, 1000 * Math.min(5, Number(res.headers.get('retry-after') ?? 1))));
    }
  };
}

/** The answer's body, once its status is the expected one. */
export function ok(res: Res, status: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

/** A hand that busts one entry, credited to one killer (player ids; the helpers map them to entries). */
export type Hand = [busted: string, killer: string];

/** Knocks out one player a hand, in order, in a running tournament whose entries are `entry` (player -> entry id). */
export async function knockOut(
  call: TestApi['call'],
  path: string,
  token: string,
  entry: Readonly<Record<string, string>>,
  hands: readonly Hand[],
): Promise<Res[]> {
  const out: Res[] = [];
  for (const [busted, killer] of hands) {
    const r = await call('POST', `${path}/knockouts`, { token, body: { busted: [entry[busted]], killers: [entry[killer]] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    out.push(r);
  }
  return out;
}

/** Opens registration, enters `field` by late registration, starts: player -> entry id. */
export async function openAndStart(
  call: TestApi['call'],
  path: string,
  token: string,
  field: readonly string[],
): Promise<Record<string, string>> {
  ok(await call('POST', `${path}/open-registration`, { token }), 200);
  const entry: Record<string, string> = {};
  for (const playerId of field) {
    entry[playerId] = ok(await call('POST', `${path}/entries`, { token, body: { kind: 'late_registration', playerId } }), 201).item.entryId;
  }
  expect(ok(await call('POST', `${path}/start`, { token }), 200).status).toBe('running');
  return entry;
}

/** A scripted finish: the field size, the places paid and each player's place and knockout credits. */
export interface ScriptedFinish {
  entries: number;
  paid: number;
  rows: Record<string, { place: number; knockouts: number }>;
}

/** A standings row as the API answers it. */
export interface StandingRow {
  place: number | null;
  playerId: string;
  points: number;
  played: number;
  counted: number;
  wins: number;
  bestPlace: number;
  qualified: boolean;
}

/**
 * R-LEAGUE-3 written out: points rounded to hundredths per result, the sum of the best N, then more wins,
 * the better best place, more played; ties share a place; players under the minimum last, without one.
 */
export function expectedStandings(
  finishes: readonly ScriptedFinish[],
  points: (f: ScriptedFinish, r: { place: number; knockouts: number }) => number,
  opts: { bestOf?: number; minPlayed?: number } = {},
): StandingRow[] {
  const by = new Map<string, { pts: number[]; places: number[] }>();
  for (const f of finishes) {
    for (const [playerId, r] of Object.entries(f.rows)) {
      const p = by.get(playerId) ?? { pts: [], places: [] };
      p.pts.push(Math.round(points(f, r) * 100));
      p.places.push(r.place);
      by.set(playerId, p);
    }
  }
  const rows = [...by].map(([playerId, p]) => {
    const counted = Math.min(opts.bestOf ?? p.pts.length, p.pts.length);
    const total = [...p.pts]
      .sort((a, b) => b - a)
      .slice(0, counted)
      .reduce((a, b) => a + b, 0);
    return {
      playerId,
      total,
      points: total / 100,
      played: p.pts.length,
      counted,
      wins: p.places.filter((x) => x === 1).length,
      bestPlace: Math.min(...p.places),
      qualified: p.pts.length >= (opts.minPlayed ?? 0),
    };
  });
  const tie = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    Number(b.qualified) - Number(a.qualified) || b.total - a.total || b.wins - a.wins || a.bestPlace - b.bestPlace || b.played - a.played;
  rows.sort((a, b) => tie(a, b) || (a.playerId < b.playerId ? -1 : 1));
  return rows.map((r) => {
    const first = rows.findIndex((x) => tie(x, r) === 0);
    const { total: _t, ...rest } = r;
    return { place: r.qualified ? first + 1 : null, ...rest };
  });
}
