import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';

/*
 * A 30-player mystery-bounty tournament with re-entries, played to the end over HTTP. Every knockout is
 * scripted, so the final table of places, knockout credits and prizes below is written by hand from the
 * rules and compared with what the API computes.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type KnockoutV = {
  knockoutId: string;
  bustedEntryId: string;
  bustedPlayerId: string;
  eliminationNumber: number;
  groupId: string;
  killers: { entryId: string; playerId: string; credit: number }[];
  level?: number;
  status: 'active' | 'cancelled';
};
type RowV = {
  place: number;
  playerId: string;
  displayName?: string;
  entryIds: string[];
  lastEntryId: string;
  knockouts: number;
  mysteryPrizes?: string[];
  prize?: string;
};

const OWNER = 'res-owner';
const DAY = 86_400_000;
const CUP = 'Кубок чемпиона';
const MEDAL = 'Медаль';
const SHIRT = 'Футболка клуба';
const players = Array.from({ length: 30 }, (_, i) => `r${String(i + 1).padStart(2, '0')}`);

let api: TestApi;
let owner: string;
let base: string;
let t: string;
/** player -> his entries, first to last. */
const entries = new Map<string, string[]>();
const entry = (p: string) => entries.get(p)?.at(-1) as string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, OWNER));
  await Promise.all(players.map((p) => makePlayer(api, p)));
  const created = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody(
      {
        reentry: 50_000,
        itmPercent: 10,
        bountyType: 'mystery',
        mysteryBounty: true,
        prizes: [
          { place: 1, description: CUP },
          { place: 2, description: MEDAL },
          { place: 3, description: SHIRT },
        ],
      },
      -60_000,
    ),
  });
  expect(created.status).toBe(201);
  t = `${base}/tournaments/${created.body.tournamentId}`;
  for (const [playerId, entryId] of await openAndBuyIn(api, owner, t, players)) entries.set(playerId, [entryId]);
  expect((await api.call('POST', `${t}/start`, { token: owner })).body.status).toBe('running');
});
afterAll(async () => api?.close());

const version = async () => (await api.call('GET', t, { token: owner })).body.version as number;
const standings = async () => (await api.call('GET', `${t}/standings`, { token: owner })).body;

/** Records one hand: the busted players' current entries, by the killers' current entries. */
async function ko(busted: string[], killers: string[], level?: number): Promise<KnockoutV[]> {
  const r = await api.call('POST', `${t}/knockouts`, {
    token: owner,
    body: { busted: busted.map(entry), killers: killers.map(entry), ...(level !== undefined ? { level } : {}) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.items as KnockoutV[];
}

async function reenter(p: string) {
  const r = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'reentry', playerId: p } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.item.number).toBe((entries.get(p)?.length ?? 0) + 1);
  entries.get(p)?.push(r.body.item.entryId);
}

function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}

const koIds: Record<string, string> = {};

describe('a 30-player mystery-bounty tournament with re-entries, to the final results', () => {
  it('R-KO-1, R-KO-5, R-KO-3, R-PLC-1: bad knockouts and early places are refused with a code; nothing changes', async () => {
    const v0 = await version();
    const k = (body: unknown) => api.call('POST', `${t}/knockouts`, { token: owner, body });
    expectProblem(await k({ busted: ['ent_unknown'], killers: [entry('r02')] }), 404, 'ENTRY_NOT_FOUND');
    expectProblem(await k({ busted: [entry('r01')], killers: ['ent_unknown'] }), 404, 'ENTRY_NOT_FOUND');
    expectProblem(await k({ busted: [entry('r01')], killers: [entry('r01')] }), 422, 'SELF_KNOCKOUT');
    expectProblem(await k({ busted: [entry('r01')], killers: [entry('r02'), entry('r03'), entry('r04')] }), 422, 'TOO_MANY_KILLERS');
    expectProblem(await k({ busted: [entry('r01'), entry('r02')], killers: [entry('r02')] }), 422, 'SELF_KNOCKOUT');
    expectProblem(await api.call('GET', `${t}/results`, { token: owner }), 409, 'PLACES_NOT_READY');
    expectProblem(await api.call('POST', `${t}/finish`, { token: owner }), 409, 'PLACES_NOT_READY');
    expect(await version()).toBe(v0);
    // R-ITM-1: 10% of 30 entries.
    expect(await standings()).toMatchObject({
      playersLeft: 30,
      entries: 30,
      placesPaid: 3,
      eliminationsToMoney: 27,
      onBubble: false,
      inTheMoney: false,
    });
  });

  it('R-KO-1, R-KO-2, R-KO-5, R-REENTRY-5: a knockout with its level; after the busted player re-enters it cannot be cancelled', async () => {
    const [n1] = await ko(['r29'], ['r01'], 1);
    expect(n1).toMatchObject({
      bustedEntryId: entry('r29'),
      bustedPlayerId: 'r29',
      eliminationNumber: 1,
      level: 1,
      status: 'active',
      killers: [{ entryId: entry('r01'), playerId: 'r01', credit: 1 }],
    });
    const [n2] = await ko(['r01'], ['r02']);
    expect(n2?.eliminationNumber).toBe(2);
    koIds.n2 = n2?.knockoutId as string;
    await reenter('r01');

    const v0 = await version();
    expectProblem(await api.call('POST', `${t}/knockouts/${koIds.n2}/cancel`, { token: owner, body: {} }), 422, 'PLAYER_REENTERED');
    // The first entry is out for good: busting it again is refused.
    expectProblem(
      await api.call('POST', `${t}/knockouts`, { token: owner, body: { busted: [entries.get('r01')?.[0]], killers: [entry('r02')] } }),
      409,
      'ENTRY_NOT_ACTIVE',
    );
    expect(await version()).toBe(v0);
  });

  it('R-KO-6: a knockout cancelled within the window revives the player; the record stays, marked, its number not reused', async () => {
    const [n3] = await ko(['r03'], ['r04']);
    expect(n3?.eliminationNumber).toBe(3);
    const c = await api.call('POST', `${t}/knockouts/${n3?.knockoutId}/cancel`, {
      token: owner,
      body: { reason: 'the dealer named the wrong seat' },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.item).toMatchObject({
      knockoutId: n3?.knockoutId,
      status: 'cancelled',
      cancelledBy: OWNER,
      reason: 'the dealer named the wrong seat',
      eliminationNumber: 3,
    });
    const r03 = (await api.call('GET', `${t}/entries?playerId=r03`, { token: owner })).body.items;
    expect(r03.map((e: { status: string }) => e.status)).toEqual(['active']);
    expectProblem(
      await api.call('POST', `${t}/knockouts/${n3?.knockoutId}/cancel`, { token: owner, body: {} }),
      409,
      'KNOCKOUT_ALREADY_CANCELLED',
    );
    expectProblem(await api.call('POST', `${t}/knockouts/ko_unknown/cancel`, { token: owner, body: {} }), 404, 'KNOCKOUT_NOT_FOUND');
    expect(await standings()).toMatchObject({ playersLeft: 29, entries: 31 });
  });

  it('R-MYS-1, R-KO-6: the killer entry draws its mystery bounty once; a drawn knockout can no longer be cancelled', async () => {
    const [n4] = await ko(['r05'], ['r06']);
    const draw = await api.call('POST', `${t}/knockouts/${n4?.knockoutId}/mystery-draw`, {
      token: owner,
      body: { prizeText: 'Худи клуба' },
    });
    expect(draw.status, JSON.stringify(draw.body)).toBe(201);
    expect(draw.body.item).toMatchObject({ sequence: 1, killerEntryId: entry('r06'), knockoutId: n4?.knockoutId, prizeText: 'Худи клуба' });
    expect(draw.body.item.drawId).toEqual(expect.any(String));

    const [n5] = await ko(['r07'], ['r06']);
    const v0 = await version();
    expectProblem(await api.call('POST', `${t}/knockouts/${n4?.knockoutId}/cancel`, { token: owner, body: {} }), 422, 'MYSTERY_DRAWN');
    const again = (body: unknown) => api.call('POST', `${t}/knockouts/${n5?.knockoutId}/mystery-draw`, { token: owner, body });
    expectProblem(await again({ prizeText: 'Сертификат на 5000 руб' }), 422, 'MONEY_WORDING');
    expectProblem(await again({ prizeText: 'Кепка клуба' }), 409, 'MYSTERY_ALREADY_DRAWN');
    expectProblem(await again({ killerEntryId: entry('r08') }), 422, 'NOT_A_KILLER');
    expect(await version()).toBe(v0);
  });

  it('R-KO-3: two killers of one player get 0.5 each', async () => {
    const [n6] = await ko(['r09'], ['r12', 'r13']);
    expect(n6?.killers).toEqual([
      { entryId: entry('r12'), playerId: 'r12', credit: 0.5 },
      { entryId: entry('r13'), playerId: 'r13', credit: 0.5 },
    ]);
  });

  it('R-KO-1: two requests busting the same entry at once: exactly one wins, one record', async () => {
    const body = { busted: [entry('r14')], killers: [entry('r15')] };
    const both = await Promise.all([1, 2].map(() => api.call('POST', `${t}/knockouts`, { token: owner, body })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = both.find((r) => r.status === 409) as Res;
    expect(loser.body.code).toBe('ENTRY_NOT_ACTIVE');
    const list = (await api.call('GET', `${t}/knockouts`, { token: owner })).body.items as KnockoutV[];
    expect(list.filter((k) => k.bustedEntryId === entry('r14'))).toHaveLength(1);
    expect(list.find((k) => k.bustedEntryId === entry('r14'))?.eliminationNumber).toBe(7);
  });

  it('R-ITM-1, R-REENTRY-1: re-entries count in the field: 35 entries place round(3.5) = 4', async () => {
    expect(await standings()).toMatchObject({ entries: 31, placesPaid: 3 });
    for (const p of ['r05', 'r07', 'r09', 'r14']) await reenter(p);
    expect(await standings()).toMatchObject({
      playersLeft: 29,
      entries: 35,
      placesPaid: 4,
      eliminationsToMoney: 25,
      onBubble: false,
      inTheMoney: false,
    });
  });

  it('R-KO-4, R-ITM-2, R-PLC-1: down to two; a double knockout shares one number; the bubble, then in the money', async () => {
    await ko(['r16'], ['r01', 'r30']);
    const order = [
      'r17',
      'r18',
      'r19',
      'r20',
      'r21',
      'r22',
      'r23',
      'r24',
      'r25',
      'r26',
      'r27',
      'r28',
      'r15',
      'r14',
      'r13',
      'r12',
      'r11',
      'r10',
      'r09',
      'r08',
    ];
    for (const p of order) await ko([p], ['r30']);
    expect(await standings()).toMatchObject({ playersLeft: 8, eliminationsToMoney: 4, onBubble: false, inTheMoney: false });
    const [n29] = await ko(['r07'], ['r02']);
    expect(n29?.eliminationNumber).toBe(29);
    expect(await standings()).toMatchObject({ playersLeft: 7, eliminationsToMoney: 3, onBubble: false });

    // One hand, two players out: one group, one elimination number.
    const double = await ko(['r06', 'r05'], ['r30']);
    expect(double).toHaveLength(2);
    expect(double.map((k) => k.bustedPlayerId)).toEqual(['r06', 'r05']);
    expect(new Set(double.map((k) => k.groupId)).size).toBe(1);
    expect(double.map((k) => k.eliminationNumber)).toEqual([30, 30]);
    expect(await standings()).toMatchObject({ playersLeft: 5, eliminationsToMoney: 1, onBubble: true, inTheMoney: false });

    await ko(['r04'], ['r30']);
    expect(await standings()).toMatchObject({ playersLeft: 4, eliminationsToMoney: 0, onBubble: false, inTheMoney: true });
    await ko(['r03'], ['r02']);
    await ko(['r02'], ['r01']);

    // Two entries in play: no places yet, and the tournament cannot finish; the public sees nothing.
    const v0 = await version();
    expectProblem(await api.call('GET', `${t}/results`, { token: owner }), 409, 'PLACES_NOT_READY');
    expectProblem(await api.call('GET', `${t}/results?format=csv`, { token: owner }), 409, 'PLACES_NOT_READY');
    expectProblem(await api.call('POST', `${t}/finish`, { token: owner }), 409, 'PLACES_NOT_READY');
    expect((await api.call('GET', `${t}/results`)).status).toBe(404);
    expect(await version()).toBe(v0);
    expect(await standings()).toMatchObject({ playersLeft: 2, inTheMoney: true });
  });

  /**
   * By hand, from the script above (elimination numbers in brackets):
   * r30 is the champion; r01 [34], r02 [33], r03 [32], r04 [31]; r05 and r06 out in one hand [30] share 6th;
   * r07 [29] 8th ... r08..r15 [28..21] 9th..16th, r28..r17 [20..9] 17th..28th, r16 [8] 29th, r29 [1] 30th.
   * Places come from each player's last entry (r01 busted at [2], re-entered, out at [34]: 2nd).
   * Credits over all entries: r01 1 (first entry, [1]) + 0.5 ([8] shared) + 1 ([33]) = 2.5;
   * r02 [2] [29] [32] = 3; r06 [4] [5] = 2; r12, r13 0.5 each [6]; r15 [7] = 1; r04 0 (its [3] was cancelled);
   * r30 0.5 [8] + 20 ([9..28]) + 2 ([30], two busted) + 1 [31] + 1 [34] = 24.5. Total 34 = 35 entries - the champion.
   */
  const HAND: [number, string, number, string?][] = [
    [1, 'r30', 24.5, CUP],
    [2, 'r01', 2.5, MEDAL],
    [3, 'r02', 3, SHIRT],
    [4, 'r03', 0],
    [5, 'r04', 0],
    [6, 'r05', 0],
    [6, 'r06', 2],
    [8, 'r07', 0],
    [9, 'r08', 0],
    [10, 'r09', 0],
    [11, 'r10', 0],
    [12, 'r11', 0],
    [13, 'r12', 0.5],
    [14, 'r13', 0.5],
    [15, 'r14', 0],
    [16, 'r15', 1],
    [17, 'r28', 0],
    [18, 'r27', 0],
    [19, 'r26', 0],
    [20, 'r25', 0],
    [21, 'r24', 0],
    [22, 'r23', 0],
    [23, 'r22', 0],
    [24, 'r21', 0],
    [25, 'r20', 0],
    [26, 'r19', 0],
    [27, 'r18', 0],
    [28, 'r17', 0],
    [29, 'r16', 0],
    [30, 'r29', 0],
  ];
  const handRows = () =>
    HAND.map(([place, playerId, knockouts, prize]) => ({
      place,
      playerId,
      displayName: playerId,
      entryIds: entries.get(playerId) as string[],
      lastEntryId: entry(playerId),
      knockouts,
      // R-BTY-2: a mystery bounty shows the prizes drawn (r06 drew on [4]).
      mysteryPrizes: playerId === 'r06' ? ['Худи клуба'] : [],
      ...(prize ? { prize } : {}),
    }));

  it('R-PLC-1, R-PLC-2, R-PLC-3, R-KO-2, R-KO-4, R-REENTRY-6, R-BTY-2: with one entry left the results match the table written by hand', async () => {
    await ko(['r01'], ['r30']);
    const live = await api.call('GET', `${t}/results`, { token: owner });
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({
      status: 'running',
      final: false,
      computedAt: null,
      bountyType: 'mystery',
      bountyReward: 'mystery_prizes',
    });
    expect(live.body.rows).toEqual(handRows());

    const fin = await api.call('POST', `${t}/finish`, { token: owner });
    expect(fin.status).toBe(200);
    expect(fin.body.status).toBe('finished');
    const res = await api.call('GET', `${t}/results`, { token: owner });
    expect(res.body).toMatchObject({ status: 'finished', final: true });
    expect(Date.parse(res.body.computedAt)).toBeGreaterThan(0);
    expect(res.body.rows as RowV[]).toEqual(handRows());

    // The audit: 35 records (one cancelled), numbers 1..34, the double knockout sharing 30.
    const list = (await api.call('GET', `${t}/knockouts`, { token: owner })).body.items as KnockoutV[];
    expect(list).toHaveLength(35);
    expect(list.filter((k) => k.status === 'cancelled').map((k) => k.eliminationNumber)).toEqual([3]);
    expect(list.map((k) => k.eliminationNumber)).toEqual([...Array.from({ length: 30 }, (_, i) => i + 1), 30, 31, 32, 33, 34]);
  });

  it('R-PLC-3: the CSV export carries the same table, names and prizes included, for a spreadsheet', async () => {
    const csv = await api.call('GET', `${t}/results?format=csv`, { token: owner });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = [
      'place,playerId,displayName,entryIds,lastEntryId,knockouts,mysteryPrizes,prize',
      ...handRows().map((r) =>
        [
          r.place,
          r.playerId,
          r.displayName,
          r.entryIds.join(';'),
          r.lastEntryId,
          r.knockouts,
          r.mysteryPrizes.join('; '),
          r.prize ?? '',
        ].join(','),
      ),
    ];
    // The text as decoded (UTF-8 decoding drops the byte order mark)...
    expect(csv.body).toBe(lines.map((l) => `${l}\r\n`).join(''));
    // ...and the bytes: a UTF-8 byte order mark first, so that a spreadsheet reads the Cyrillic prizes as UTF-8.
    const raw = await fetch(`${api.url}${t}/results?format=csv`, { headers: { authorization: `Bearer ${owner}` } });
    const bytes = new Uint8Array(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(`\uFEFF${csv.body}`);
    expect(csv.body).toContain(`,${CUP}\r\n`);
  });

  it('R-PLC-1, R-KO-6: the public reads the results of a finished tournament without a token, unless the club keeps them private', async () => {
    const pub = await api.call('GET', `${t}/results`);
    expect(pub.status).toBe(200);
    expect(pub.body.rows).toEqual(handRows());

    const created = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ resultsPublic: false, knockoutCancelWindowMinutes: 0 }, DAY),
    });
    const p = `${base}/tournaments/${created.body.tournamentId}`;
    await api.call('POST', `${p}/open-registration`, { token: owner });
    const e: string[] = [];
    for (const playerId of ['r01', 'r02']) {
      const r = await api.call('POST', `${p}/entries`, { token: owner, body: { kind: 'late_registration', playerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      e.push(r.body.item.entryId);
    }
    await api.call('POST', `${p}/start`, { token: owner });
    const k = await api.call('POST', `${p}/knockouts`, { token: owner, body: { busted: [e[1]], killers: [e[0]] } });
    expect(k.status).toBe(201);
    // R-KO-6: this club allows no time to correct a knockout: the window is already closed.
    expectProblem(
      await api.call('POST', `${p}/knockouts/${k.body.items[0].knockoutId}/cancel`, { token: owner, body: {} }),
      422,
      'KNOCKOUT_CANCEL_WINDOW_CLOSED',
    );
    expect((await api.call('POST', `${p}/finish`, { token: owner })).body.status).toBe('finished');
    const hidden = await api.call('GET', `${p}/results`);
    expectProblem(hidden, 404, 'TOURNAMENT_NOT_FOUND');
    const staff = await api.call('GET', `${p}/results`, { token: owner });
    expect(staff.status).toBe(200);
    expect(staff.body.rows.map((r: RowV) => [r.place, r.playerId, r.knockouts])).toEqual([
      [1, 'r01', 1],
      [2, 'r02', 0],
    ]);
  });
});
