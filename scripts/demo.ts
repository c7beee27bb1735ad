/**
 * `npm run demo`: a running tournament on the local API in one command, so the clock screen moves.
 * Against `npm start` (API_URL, default http://127.0.0.1:$PORT, PORT 3000) it creates a blind structure of
 * 2-minute levels with a break, a tournament in the demo club starting now with late registration
 * open, 24 players who each create their own profile, then registers and checks them in, starts the
 * tournament, draws seats and starts the clock. Every run makes a new tournament with new players
 * (one player cannot sit in two overlapping tournaments, R-REG-1). The demo club also gets an announced
 * tournament with registration open (scripts/local/seed.ts), so that the app's catalogue lists one.
 */
import './local/node-version';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { localIssuer } from './local/issuer';
import { JWKS_PATH, LOCAL_AUDIENCE } from './local/local-api';
import { ISSUER_KEY_FILE, RUNTIME_FILE, type RuntimeInfo } from './local/paths';
import { DEMO, seedUpcomingTournament } from './local/seed';

const API = (process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
const PLAYERS = 24;
const MINUTE = 60_000;

const NAMES = [
  'Anna Volkova',
  'Boris Orlov',
  'Daria Sokolova',
  'Egor Lebedev',
  'Irina Kozlova',
  'Kirill Novikov',
  'Maria Morozova',
  'Nikita Pavlov',
  'Olga Smirnova',
  'Pavel Fedorov',
  'Sofia Popova',
  'Timur Vasiliev',
  'Vera Mikhailova',
  'Yuri Alekseev',
  'Alina Egorova',
  'Denis Nikolaev',
  'Elena Zakharova',
  'Gleb Stepanov',
  'Ksenia Romanova',
  'Lev Kuznetsov',
  'Polina Belova',
  'Roman Titov',
  'Tatiana Kiseleva',
  'Viktor Makarov',
];

class DemoError extends Error {}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${API}${path}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** The answer's body when the status is one of `ok`; otherwise a readable failure naming the step. */
async function expectOk(
  step: string,
  method: string,
  path: string,
  ok: number[],
  opts: { token?: string; body?: unknown } = {},
): Promise<Answer> {
  const res = await call(method, path, opts);
  if (!ok.includes(res.status)) {
    const detail =
      typeof res.body.code === 'string' ? `${res.body.code}: ${String(res.body.detail ?? res.body.title ?? '')}` : JSON.stringify(res.body);
    throw new DemoError(`${step} failed: ${method} ${path} answered ${res.status} (${detail})`);
  }
  return res;
}

/** The API must be up, and its token issuer must be the key this checkout holds (the same `.data/`). */
async function issuer() {
  try {
    const health = await fetch(`${API}/health`, { signal: AbortSignal.timeout(5_000) });
    if (!health.ok) throw new DemoError(`${API}/health answered ${health.status}`);
  } catch (e) {
    if (e instanceof DemoError) throw e;
    throw new DemoError(`the API is not running at ${API}: start it with npm start (in another terminal), or set API_URL`);
  }
  if (!existsSync(ISSUER_KEY_FILE)) {
    throw new DemoError(
      `no local issuer key at ${ISSUER_KEY_FILE}: run npm run demo from the directory where npm start runs (or set SPORT_POKER_DATA_DIR the same way)`,
    );
  }
  const runtime = existsSync(RUNTIME_FILE) ? (JSON.parse(readFileSync(RUNTIME_FILE, 'utf8')) as RuntimeInfo) : undefined;
  // The server checks the issuer it recorded (its own address, whatever host name API_URL uses); without
  // the record it follows from API_URL.
  const issuerUrl = runtime?.issuer ?? `${API}/local-issuer`;
  const local = await localIssuer({ issuer: issuerUrl, audience: runtime?.audience ?? LOCAL_AUDIENCE, keyFile: ISSUER_KEY_FILE });
  const served = (await (await fetch(`${API}${JWKS_PATH}`, { signal: AbortSignal.timeout(5_000) })).json()) as {
    keys?: { kid?: string }[];
  };
  const mine = local.jwks.keys[0]?.kid;
  if (!served.keys?.some((k) => k.kid === mine)) {
    throw new DemoError(
      `the API at ${API} signs with another key than ${ISSUER_KEY_FILE}: run npm run demo with the same data directory as npm start`,
    );
  }
  return local;
}

const level = (smallBlind: number, bigBlind: number, ante = 0) => ({ smallBlind, bigBlind, ante, durationSec: 120, isBreak: false });

async function main(): Promise<void> {
  const iss = await issuer();
  const day = 24 * 3600;
  const owner = await iss.mint({ sub: DEMO.ownerId, expiresInSec: day });
  const club = `/v1/clubs/${DEMO.clubId}`;
  await expectOk('reading the demo club (is it seeded? npm start does that)', 'GET', club, [200], { token: owner });
  // Beside the running tournament, one announced with registration open, for the app's catalogue.
  const upcoming = await seedUpcomingTournament(API, owner);

  // One tag per run: new players and names, so a second run never meets the first one's players.
  const run = randomBytes(3).toString('hex');
  const clock = new Date().toISOString().slice(11, 16);
  console.log(`Demo tournament ${run} on ${API}…`);

  const structure = await expectOk('creating the blind structure', 'POST', `${club}/blind-structures`, [201], {
    token: owner,
    body: {
      name: `Demo 2-minute levels ${run}`,
      anteType: 'bb',
      levels: [
        level(100, 200),
        level(200, 400),
        level(300, 600, 600),
        { smallBlind: 0, bigBlind: 0, ante: 0, durationSec: 120, isBreak: true },
        level(400, 800, 800),
        level(500, 1000, 1000),
        level(700, 1400, 1400),
        level(1000, 2000, 2000),
      ],
    },
  });
  const structureId = structure.body.structureId as string;

  const now = Date.now();
  const created = await expectOk('creating the tournament', 'POST', `${club}/tournaments`, [201], {
    token: owner,
    body: {
      name: `Demo Turbo ${clock} (${run})`,
      startAt: new Date(now).toISOString(),
      lateRegEndsAt: new Date(now + 60 * MINUTE).toISOString(),
      buyIn: 150_000,
      currency: 'RUB',
      startingStack: 20_000,
      seatsPerTable: 9,
      formatLabel: 'reentry',
      reentry: 150_000,
      reentryEndsAt: new Date(now + 60 * MINUTE).toISOString(),
      blindStructureId: structureId,
      prizePreset: 'cup_and_free_entries',
    },
  });
  const tournamentId = created.body.tournamentId as string;
  const t = `${club}/tournaments/${tournamentId}`;
  await expectOk('opening registration', 'POST', `${t}/open-registration`, [200], { token: owner });

  // Each player signs up with their own token, as the app would; a few at a time.
  const players = Array.from({ length: PLAYERS }, (_, i) => ({
    sub: `demo-${run}-p${String(i + 1).padStart(2, '0')}`,
    name: NAMES[i % NAMES.length] as string,
  }));
  const tokens = new Map<string, string>();
  for (let i = 0; i < players.length; i += 6) {
    await Promise.all(
      players.slice(i, i + 6).map(async (p, j) => {
        const token = await iss.mint({ sub: p.sub, expiresInSec: day });
        tokens.set(p.sub, token);
        const year = 1975 + ((i + j) % 25);
        await expectOk(`creating the profile of ${p.sub}`, 'POST', '/v1/players', [201, 409], {
          token,
          body: { displayName: p.name, dateOfBirth: `${year}-0${1 + ((i + j) % 9)}-1${(i + j) % 10}`, city: 'Moscow', consent: true },
        });
      }),
    );
  }
  process.stdout.write(`  ${PLAYERS} player profiles\n`);

  // Commands on one tournament go one after another: each answers the tournament's next version.
  for (const p of players) {
    const reg = await expectOk(`registering ${p.sub}`, 'POST', `${t}/registrations`, [201], { token: owner, body: { playerId: p.sub } });
    const item = reg.body.item as { registrationId: string };
    await expectOk(`checking in ${p.sub}`, 'POST', `${t}/registrations/${item.registrationId}/check-in`, [200], { token: owner });
  }
  process.stdout.write(`  ${PLAYERS} registered and checked in\n`);
  await expectOk('starting the tournament', 'POST', `${t}/start`, [200], { token: owner });
  const tables = await expectOk('drawing seats', 'POST', `${t}/seating/draw`, [200], { token: owner });
  const started = await expectOk('starting the clock', 'POST', `${t}/clock/start`, [200], { token: owner, body: { structureId } });
  const view = started.body.clock as {
    status: string;
    current?: { levelNumber?: number; smallBlind?: number; bigBlind?: number };
    timeLeftMs?: number;
  };
  const tableCount = Array.isArray(tables.body.tables) ? tables.body.tables.length : '?';

  const first = players[0] as { sub: string; name: string };
  console.log(`
Tournament ${tournamentId} is running: ${PLAYERS} players at ${tableCount} tables, clock ${view.status} on level ${view.current?.levelNumber ?? 1} (${view.current?.smallBlind}/${view.current?.bigBlind}), 2-minute levels, a break after level 3.

Clock screen (open it in a browser; no token needed):
  ${API}${t}/screen?lang=en
  ${API}${t}/screen?lang=ru

API docs: ${API}/docs

Open for registration (the app's catalogue): ${upcoming ? `${API}${club}/tournaments/${upcoming}` : 'none'}
  ${API}/v1/catalog/tournaments

The tournament's API (the clock is public; the rest needs the owner token):
  ${API}${t}
  ${API}${t}/clock
  ${API}${t}/registrations
  ${API}${t}/entries
  ${API}${t}/tables
  ${API}${club}/blind-structures/${structureId}

Owner of ${DEMO.clubId} (${DEMO.ownerId}), valid 24 h:
  ${owner}
Player ${first.name} (${first.sub}), valid 24 h:
  ${tokens.get(first.sub)}

Try:
  curl -s ${API}${t}/clock
  curl -s ${API}${t}/tables -H "Authorization: Bearer <owner token>"
  curl -s -X POST ${API}${t}/clock/pause -H "Authorization: Bearer <owner token>"
  curl -s ${API}/v1/me/registrations -H "Authorization: Bearer <player token>"
`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof DemoError ? `npm run demo: ${e.message}` : e);
    process.exit(1);
  },
);
