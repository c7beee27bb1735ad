import { metrics } from '../../../functions/runtime/metrics';
import type { Answer } from './client';
import type { DeskRun } from './report';
import { createTournament, setupClub, setupPlayers, type Bench } from './drive';
import { OP } from './ops';

/*
 * Desks working one tournament at once: 8 concurrent clients, each with its own staff token, against one
 * desk doing the same work alone. A desk that gets 409 CONCURRENT_UPDATE tries again, as the desk app
 * would; afterwards the final state is compared with every command that got a 2xx.
 */

const CLIENT_ATTEMPTS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts the store's own optimistic-lock retries, as it reports them to CloudWatch. */
function watchServerRetries(): { read: () => number; stop: () => void } {
  let n = 0;
  const original = metrics.addMetric.bind(metrics);
  metrics.addMetric = (...args: Parameters<typeof metrics.addMetric>) => {
    if (args[0] === 'TournamentWriteConflict') n += args[2];
    return original(...args);
  };
  return { read: () => n, stop: () => void (metrics.addMetric = original) };
}

interface Work {
  /** One command; answers 2xx, or 409 CONCURRENT_UPDATE to be tried again. */
  send: (token: string) => Promise<Answer>;
}

async function runDesks(b: Bench, op: string, desks: string[], work: Work[][]) {
  b.meter.current = op;
  b.client.mark(op);
  const retries = watchServerRetries();
  const latencies: number[] = [];
  let conflicts409 = 0;
  let clientRetries = 0;
  const accepted: number[][] = work.map(() => []);
  const started = performance.now();
  await Promise.all(
    work.map(async (items, d) => {
      for (const [i, item] of items.entries()) {
        const t0 = performance.now();
        for (let attempt = 1; ; attempt++) {
          const r = await item.send(desks[d] as string);
          if (r.status < 300) {
            accepted[d]?.push(i);
            break;
          }
          conflicts409++;
          if (attempt >= CLIENT_ATTEMPTS) break;
          clientRetries++;
          await sleep(10 + Math.random() * 40);
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wallMs = performance.now() - started;
  await b.client.settle(op);
  retries.stop();
  let conditionalFailures = 0;
  for (const [k, v] of b.meter.of(op, 'request').failures) if (/Conditional|TransactionCanceled/.test(k)) conditionalFailures += v;
  return { wallMs, latencies, conflicts409, clientRetries, serverRetries: retries.read(), conditionalFailures, accepted };
}

const isConflict = (s: number) => (s >= 200 && s < 300) || s === 409;

/**
 * Check-ins, then knockouts, by `deskCount` desks on one fresh tournament of `players` registered players.
 * The same work for any number of desks: the desk count only splits it.
 */
export async function desksScenario(b: Bench, deskCount: number, players: number, knockouts: number): Promise<DeskRun[]> {
  const prefix = `desks${deskCount}-${Date.now().toString(36)}`;
  const club = await setupClub(b, prefix, deskCount);
  const ids = await setupPlayers(b, prefix, players);
  const setup = (method: string, path: string, body?: unknown) =>
    b.client.call('setup', method, path, { token: club.owner, ...(body !== undefined ? { body } : {}) });
  const { t } = await createTournament(b, club, club.owner, `Desks ${deskCount}`, 'setup');
  const regs: { playerId: string; registrationId: string }[] = [];
  for (const playerId of ids) {
    const r = await setup('POST', `${t}/registrations`, { playerId });
    regs.push({ playerId, registrationId: r.body.item.registrationId as string });
  }

  // Check-ins: desk d takes every deskCount-th registration.
  const checkInOp = deskCount === 1 ? OP.deskCheckIn1 : OP.deskCheckIn8;
  const entryOf = new Map<string, string>();
  const split = <T>(xs: readonly T[]) => Array.from({ length: deskCount }, (_, d) => xs.filter((_x, i) => i % deskCount === d));
  const regShares = split(regs);
  const checkIns = await runDesks(
    b,
    checkInOp,
    club.desks,
    regShares.map((share) =>
      share.map((reg) => ({
        send: async (token: string) => {
          const r = await b.client.send(checkInOp, 'POST', `${t}/registrations/${reg.registrationId}/check-in`, {
            token,
            accept: isConflict,
          });
          if (r.status < 300) entryOf.set(reg.playerId, r.body.item.entryId as string);
          return r;
        },
      })),
    ),
  );
  const checkedIn = new Set(checkIns.accepted.flatMap((idx, d) => idx.map((i) => regShares[d]?.[i]?.registrationId as string)));
  const listed = (await setup('GET', `${t}/registrations`)).body.items as { registrationId: string; status: string }[];
  const entries = (await setup('GET', `${t}/entries`)).body.items as { entryId: string; playerId: string }[];
  const perPlayer = new Map<string, number>();
  for (const e of entries) perPlayer.set(e.playerId, (perPlayer.get(e.playerId) ?? 0) + 1);
  const { accepted: _c, ...checkInFigures } = checkIns;
  const checkInRun: DeskRun = {
    work: 'check-in',
    desks: deskCount,
    ops: regs.length,
    ...checkInFigures,
    lostUpdates: [...checkedIn].filter((id) => listed.find((r) => r.registrationId === id)?.status !== 'checked_in').length,
    duplicates: [...perPlayer.values()].filter((k) => k > 1).length + Math.max(0, entries.length - checkedIn.size),
  };

  // Knockouts: eight killers who stay in; every desk busts its own share of the others, each with its own killer.
  await setup('POST', `${t}/start`);
  await setup('POST', `${t}/seating/draw`);
  const inPlay = ids.map((p) => entryOf.get(p)).filter((e): e is string => e !== undefined);
  const killers = inPlay.slice(0, 8);
  const victims = inPlay.slice(8, 8 + knockouts);
  const koOp = deskCount === 1 ? OP.deskKnockout1 : OP.deskKnockout8;
  const victimShares = split(victims);
  const kos = await runDesks(
    b,
    koOp,
    club.desks,
    victimShares.map((share, d) =>
      share.map((victim, i) => ({
        send: (token: string) =>
          b.client.send(koOp, 'POST', `${t}/knockouts`, {
            token,
            accept: isConflict,
            body: { busted: [victim], killers: [killers[(d + i) % killers.length]] },
          }),
      })),
    ),
  );
  const busted = new Set(kos.accepted.flatMap((idx, d) => idx.map((i) => victimShares[d]?.[i] as string)));
  const recorded = (await setup('GET', `${t}/knockouts`)).body.items as { bustedEntryId: string; status: string }[];
  const times = new Map<string, number>();
  for (const k of recorded) if (k.status === 'active') times.set(k.bustedEntryId, (times.get(k.bustedEntryId) ?? 0) + 1);
  const { accepted: _k, ...koFigures } = kos;
  const koRun: DeskRun = {
    work: 'knockout',
    desks: deskCount,
    ops: victims.length,
    ...koFigures,
    lostUpdates: [...busted].filter((e) => !times.has(e)).length,
    duplicates: [...times].filter(([e, k]) => k > 1 || !busted.has(e)).length,
  };
  return [checkInRun, koRun];
}
