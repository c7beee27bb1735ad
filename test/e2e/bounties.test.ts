import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody, openAndBuyIn } from '../support/tournament-fixtures';

/*
 * Bounties and knockouts over HTTP: knockouts with their own killers per busted entry, what each bounty
 * type shows in the results, progressive bounties in points, and the mystery prize table drawn by the
 * server with a commitment a player can check once the tournament is over.
 */

type Res = Awaited<ReturnType<TestApi['call']>>;
type Share = { entryId: string; playerId: string; collected: number; added: number };
type KnockoutV = {
  knockoutId: string;
  bustedEntryId: string;
  eliminationNumber: number;
  groupId: string;
  killers: { entryId: string; playerId: string; credit: number }[];
  bounty?: { bustedBounty: number; shares: Share[]; unawarded: number };
};
type RowV = { place: number; playerId: string; knockouts: number; bounties?: number; bountyPoints?: number; mysteryPrizes?: string[] };

const TIMEOUT = 60_000;

let api: TestApi;
let owner: string;
let base: string;

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base } = await clubWithOwner(api, 'bty-owner'));
}, TIMEOUT);
afterAll(async () => api?.close());

function expectProblem(r: Res, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  expect(r.headers.get('content-type')).toContain('application/problem+json');
}

/** A running tournament of the given players (each with one entry), and helpers on it. */
async function running(prefix: string, n: number, over: Record<string, unknown>) {
  const players = Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
  await Promise.all(players.map((p) => makePlayer(api, p)));
  const created = await api.call('POST', `${base}/tournaments`, {
    token: owner,
    body: tournamentBody({ reentry: 50_000, ...over }, -60_000),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const t = `${base}/tournaments/${created.body.tournamentId}`;
  const entries = new Map([...(await openAndBuyIn(api, owner, t, players))].map(([p, e]) => [p, [e]]));
  expect((await api.call('POST', `${t}/start`, { token: owner })).body.status).toBe('running');
  const entry = (p: string) => entries.get(p)?.at(-1) as string;
  const post = (body: unknown) => api.call('POST', `${t}/knockouts`, { token: owner, body });
  /** `busted` by `killers`, by player, in the original form. */
  const ko = async (busted: string[], killers: string[]): Promise<KnockoutV[]> => {
    const r = await post({ busted: busted.map(entry), killers: killers.map(entry) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.items;
  };
  const reenter = async (p: string) => {
    const r = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'reentry', playerId: p } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    entries.get(p)?.push(r.body.item.entryId);
  };
  const version = async () => (await api.call('GET', t, { token: owner })).body.version as number;
  return { t, entry, entries, post, ko, reenter, version, tournamentId: created.body.tournamentId as string };
}

describe('per-busted killers (R-KO-4)', () => {
  it(
    'R-KO-4, R-KO-2, R-PLC-2: one call, A busts X and B busts Y: each record its own killer, one elimination number, one shared place',
    async () => {
      const g = await running('kv', 5, { bountyType: 'classic' });
      const r = await g.post({
        busts: [
          { entryId: g.entry('kv4'), killers: [g.entry('kv1')] },
          { entryId: g.entry('kv5'), killers: [g.entry('kv2'), g.entry('kv3')] },
        ],
        level: 2,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const items = r.body.items as KnockoutV[];
      expect(items.map((k) => [k.bustedEntryId, k.killers.map((x) => [x.playerId, x.credit]), k.eliminationNumber])).toEqual([
        [g.entry('kv4'), [['kv1', 1]], 1],
        [
          g.entry('kv5'),
          [
            ['kv2', 0.5],
            ['kv3', 0.5],
          ],
          1,
        ],
      ]);
      expect(new Set(items.map((k) => k.groupId)).size).toBe(1);

      // The original form: every busted entry shares the one killers list.
      await g.ko(['kv3', 'kv2'], ['kv1']);
      const res = await api.call('GET', `${g.t}/results`, { token: owner });
      expect(res.status).toBe(200);
      expect((res.body.rows as RowV[]).map((row) => [row.place, row.playerId, row.knockouts])).toEqual([
        [1, 'kv1', 3],
        [2, 'kv2', 0.5],
        [2, 'kv3', 0.5],
        [4, 'kv4', 0],
        [4, 'kv5', 0],
      ]);
    },
    TIMEOUT,
  );

  it(
    'R-KO-4, R-KO-5: a bad per-bust call is refused with a code naming the bust and changes nothing',
    async () => {
      const g = await running('kb', 4, {});
      const v0 = await g.version();
      expectProblem(
        await g.post({ busts: [{ entryId: g.entry('kb3'), killers: [g.entry('kb1')] }], killers: [g.entry('kb2')] }),
        422,
        'KNOCKOUT_FORM_MIXED',
      );
      const self = await g.post({
        busts: [
          { entryId: g.entry('kb3'), killers: [g.entry('kb1')] },
          { entryId: g.entry('kb4'), killers: [g.entry('kb3')] },
        ],
      });
      expectProblem(self, 422, 'SELF_KNOCKOUT');
      expect(self.body.errors?.[0]?.field).toBe('busts[1].killers');
      expectProblem(
        await g.post({ busts: [{ entryId: g.entry('kb3'), killers: [g.entry('kb1'), g.entry('kb2'), g.entry('kb4')] }] }),
        422,
        'TOO_MANY_KILLERS',
      );
      expectProblem(await g.post({}), 422, 'BUSTED_REQUIRED');
      expect(await g.version()).toBe(v0);
    },
    TIMEOUT,
  );
});

describe('progressive knockouts (R-BTY-3)', () => {
  it(
    'R-BTY-3, R-KO-6, R-REENTRY-6, R-MONEY-1: bounties in points: half collected, half onto the killer; re-entries start fresh; a cancel restores every value',
    async () => {
      const g = await running('pk', 4, { bountyType: 'progressive', initialBounty: 200 });
      const bounties = async () => {
        const r = await api.call('GET', `${g.t}/bounties`, { token: owner });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toMatchObject({ progressiveMode: 'accumulate', initialBounty: 200, collectPercent: 50 });
        return Object.fromEntries(
          (r.body.items as { entryId: string; bounty: number; collected: number }[]).map((e) => [e.entryId, [e.bounty, e.collected]]),
        );
      };

      const [k1] = await g.ko(['pk4'], ['pk1']);
      expect(k1?.bounty).toEqual({
        bustedBounty: 200,
        shares: [{ entryId: g.entry('pk1'), playerId: 'pk1', collected: 100, added: 100 }],
        unawarded: 0,
      });
      const [k2] = await g.ko(['pk1'], ['pk2']);
      expect(k2?.bounty?.bustedBounty).toBe(300);
      expect(await bounties()).toMatchObject({ [g.entry('pk1')]: [300, 100], [g.entry('pk2')]: [350, 150], [g.entry('pk4')]: [200, 0] });

      // The dealer got the first hand wrong: pk4 was never out, so pk1 went out carrying 200, not 300.
      const c = await api.call('POST', `${g.t}/knockouts/${k1?.knockoutId}/cancel`, { token: owner, body: {} });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
      expect(c.body.item.bounty).toBeUndefined();
      expect(await bounties()).toMatchObject({ [g.entry('pk1')]: [200, 0], [g.entry('pk2')]: [300, 100], [g.entry('pk4')]: [200, 0] });
      const list = (await api.call('GET', `${g.t}/knockouts`, { token: owner })).body.items as KnockoutV[];
      expect(list.find((k) => k.knockoutId === k2?.knockoutId)?.bounty?.shares).toEqual([
        { entryId: g.entry('pk2'), playerId: 'pk2', collected: 100, added: 100 },
      ]);

      // A re-entry carries the initial bounty, not what the busted entry carried.
      await g.reenter('pk1');
      expect((await bounties())[g.entry('pk1')]).toEqual([200, 0]);

      // Two killers split both parts (R-KO-3): pk2 carries 300.
      const [k3] = await g.ko(['pk2'], ['pk1', 'pk3']);
      expect(k3?.bounty).toEqual({
        bustedBounty: 300,
        shares: [
          { entryId: g.entry('pk1'), playerId: 'pk1', collected: 75, added: 75 },
          { entryId: g.entry('pk3'), playerId: 'pk3', collected: 75, added: 75 },
        ],
        unawarded: 0,
      });
      await g.ko(['pk4'], ['pk3']); // pk4 carries 200: pk3 collects 100, carries 200 + 75 + 100 = 375
      await g.ko(['pk1'], ['pk3']); // pk1 (second entry) carries 275: pk3 collects 137, carries 513

      const fin = await api.call('POST', `${g.t}/finish`, { token: owner });
      expect(fin.status, JSON.stringify(fin.body)).toBe(200);
      const res = await api.call('GET', `${g.t}/results`, { token: owner });
      expect(res.body).toMatchObject({ bountyType: 'progressive', bountyReward: 'points' });
      const rows = res.body.rows as RowV[];
      // pk3, the champion, also takes his own 513. Five entries of 200 points went in: 1000 come out.
      expect(rows.map((r) => [r.place, r.playerId, r.knockouts, r.bountyPoints])).toEqual([
        [1, 'pk3', 2.5, 75 + 100 + 137 + 513],
        [2, 'pk1', 0.5, 75],
        [3, 'pk4', 0, 0],
        [4, 'pk2', 1, 100],
      ]);
      expect(rows.reduce((s, r) => s + (r.bountyPoints ?? 0), 0)).toBe(1000);
      expect(rows.every((r) => r.bounties === undefined)).toBe(true);

      const csv = await api.call('GET', `${g.t}/results?format=csv`, { token: owner });
      expect(csv.status).toBe(200);
      const lines = (csv.body as string).split('\r\n');
      expect(lines[0]).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,bountyPoints,prize');
      expect(lines[1]?.split(',')[6]).toBe(String(75 + 100 + 137 + 513));

      // The contract speaks of points, never money.
      const spec = (await api.call('GET', '/openapi.json')).body;
      expect(spec.components.schemas.ResultRow.properties.bountyPoints.description).toMatch(/points.*never money/);
      expect(spec.components.schemas.EntryBounties.properties.initialBounty.description).toMatch(/points/);
    },
    TIMEOUT,
  );

  it(
    'R-BTY-3 (as_classic): the setting keeps a progressive bounty counting credits like a classic one',
    async () => {
      const g = await running('pc', 3, { bountyType: 'progressive', progressiveMode: 'as_classic' });
      expectProblem(await api.call('GET', `${g.t}/bounties`, { token: owner }), 409, 'BOUNTY_NOT_PROGRESSIVE');
      const [k] = await g.ko(['pc3'], ['pc1', 'pc2']);
      expect(k?.bounty).toBeUndefined();
      await g.ko(['pc2'], ['pc1']);
      const res = await api.call('GET', `${g.t}/results`, { token: owner });
      expect(res.body).toMatchObject({ bountyType: 'progressive', bountyReward: 'bounties' });
      expect((res.body.rows as RowV[]).map((r) => [r.playerId, r.bounties, r.bountyPoints])).toEqual([
        ['pc1', 1.5, undefined],
        ['pc2', 0.5, undefined],
        ['pc3', 0, undefined],
      ]);
    },
    TIMEOUT,
  );
});

describe('bounty types in the results (R-BTY-2)', () => {
  it(
    'R-BTY-2, R-BTY-1: none, classic, progressive and mystery each change what the results show, in JSON and CSV',
    async () => {
      const seen: Record<string, { reward: string; rows: RowV[]; header: string }> = {};
      const types = [
        ['none', { bountyType: 'none' }],
        ['classic', { bountyType: 'classic' }],
        ['progressive', { bountyType: 'progressive' }],
        ['mystery', { bountyType: 'mystery', mysteryPrizeTable: [{ prize: 'Кепка клуба', quantity: 5 }] }],
      ] as const;
      for (const [i, [type, over]] of types.entries()) {
        const p = `bt${i}`;
        const g = await running(p, 3, over);
        const [k] = await g.ko([`${p}3`], [`${p}1`]);
        if (type === 'mystery') {
          const d = await api.call('POST', `${g.t}/knockouts/${k?.knockoutId}/mystery-draw`, { token: owner, body: {} });
          expect(d.status, JSON.stringify(d.body)).toBe(201);
        }
        await g.ko([`${p}2`], [`${p}1`]);
        const res = await api.call('GET', `${g.t}/results`, { token: owner });
        expect(res.status).toBe(200);
        expect(res.body.bountyType).toBe(type);
        const csv = await api.call('GET', `${g.t}/results?format=csv`, { token: owner });
        seen[type] = { reward: res.body.bountyReward, rows: res.body.rows, header: (csv.body as string).split('\r\n')[0] as string };
      }
      const champion = (type: string) => seen[type]?.rows[0];
      // Without a bounty the knockouts only order the places and count for statistics.
      expect(seen.none?.reward).toBe('none');
      expect(champion('none')).toMatchObject({ playerId: 'bt01', knockouts: 2 });
      expect(Object.keys(champion('none') ?? {}).filter((key) => ['bounties', 'bountyPoints', 'mysteryPrizes'].includes(key))).toEqual([]);
      expect(seen.none?.header).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,prize');
      // Classic: credits summed per killer.
      expect(seen.classic?.reward).toBe('bounties');
      expect(champion('classic')).toMatchObject({ playerId: 'bt11', knockouts: 2, bounties: 2 });
      expect(seen.classic?.header).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,bounties,prize');
      // Progressive: points (3 x 100 in, all with the champion).
      expect(seen.progressive?.reward).toBe('points');
      expect(champion('progressive')).toMatchObject({ playerId: 'bt21', knockouts: 2, bountyPoints: 300 });
      expect(seen.progressive?.header).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,bountyPoints,prize');
      // Mystery: the prizes drawn.
      expect(seen.mystery?.reward).toBe('mystery_prizes');
      expect(champion('mystery')).toMatchObject({ playerId: 'bt31', knockouts: 2, mysteryPrizes: ['Кепка клуба'] });
      expect(seen.mystery?.rows[1]?.mysteryPrizes).toEqual([]);
      expect(seen.mystery?.header).toBe('place,playerId,displayName,entryIds,lastEntryId,knockouts,mysteryPrizes,prize');
    },
    TIMEOUT * 2,
  );
});

/** An independent check of a draw, with node:crypto, from the algorithm in docs/decisions/bounties.md. */
function replayDraw(seed: string, sequence: number, remaining: number[]): number {
  const n = remaining.reduce((a, b) => a + b, 0);
  const limit = Math.floor(2 ** 32 / n) * n;
  for (let block = 0; ; block++) {
    const msg = Buffer.alloc(8);
    msg.writeUInt32BE(sequence, 0);
    msg.writeUInt32BE(block, 4);
    const mac = createHmac('sha256', Buffer.from(seed, 'utf8'))
      .update(Buffer.concat([Buffer.from('sport-poker/mystery/v1'), msg]))
      .digest();
    for (let at = 0; at < 32; at += 4) {
      const u = mac.readUInt32BE(at);
      if (u >= limit) continue;
      let t = u % n;
      for (let i = 0; i < remaining.length; i++) {
        if (t < (remaining[i] as number)) return i;
        t -= remaining[i] as number;
      }
    }
  }
}

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('mystery prize table (R-MYS-2)', () => {
  it(
    'R-MONEY-2, R-MYS-2: a prize table with money wording is refused, naming the row',
    async () => {
      const r = await api.call('POST', `${base}/tournaments`, {
        token: owner,
        body: tournamentBody({
          bountyType: 'mystery',
          mysteryPrizeTable: [
            { prize: 'Кепка клуба', quantity: 2 },
            { prize: 'Сертификат на 5000 руб', quantity: 1 },
          ],
        }),
      });
      expectProblem(r, 422, 'MONEY_WORDING');
      expect(r.body.errors?.[0]?.field).toBe('mysteryPrizeTable[1].prize');
    },
    TIMEOUT,
  );

  it(
    'R-MYS-2, R-MYS-1, R-KO-6: committed at announcement, drawn by the server per knockout, what is left shown to staff, the seed revealed at the end',
    async () => {
      const TABLE = [
        { prize: 'Кепка клуба', quantity: 2, order: 2 },
        { prize: 'Худи клуба', quantity: 1, order: 1 },
      ];
      // The table is stored in its order; its hash is committed as it is announced.
      const canonical = JSON.stringify([
        { prize: 'Худи клуба', quantity: 1, order: 1 },
        { prize: 'Кепка клуба', quantity: 2, order: 2 },
      ]);
      const g = await running('my', 5, { bountyType: 'mystery', mysteryDrawScope: 'per_knockout', mysteryPrizeTable: TABLE });
      const table = async (token?: string) => {
        const r = await api.call('GET', `${g.t}/mystery-table`, token ? { token } : {});
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body;
      };
      const before = await table();
      expect(before).toMatchObject({ source: 'server_table', algorithm: 'hmac-sha256-mystery-v1', tableHash: sha(canonical) });
      expect(before.seedHash).toMatch(/^[0-9a-f]{64}$/);
      // The public sees the table and the commitment, not the seed nor what is left.
      expect(before.seed).toBeUndefined();
      expect(before.prizes).toEqual([
        { index: 0, prize: 'Худи клуба', quantity: 1, order: 1 },
        { index: 1, prize: 'Кепка клуба', quantity: 2, order: 2 },
      ]);
      expect(before.draws).toBeUndefined();

      const [k1] = await g.ko(['my5'], ['my1']);
      const [k2] = await g.ko(['my4'], ['my1']);
      const [k3] = await g.ko(['my3'], ['my2']);
      const [k4] = await g.ko(['my2'], ['my1']);
      const draw = (k: KnockoutV | undefined, body: unknown = {}) =>
        api.call('POST', `${g.t}/knockouts/${k?.knockoutId}/mystery-draw`, { token: owner, body });

      const v0 = await g.version();
      const typed = await draw(k1, { prizeText: 'Кепка клуба' });
      expectProblem(typed, 422, 'PRIZE_TEXT_NOT_ALLOWED');
      expect(typed.body.errors?.[0]?.field).toBe('prizeText');
      expect(await g.version()).toBe(v0);

      const drawn: { sequence: number; prizeIndex: number; prizeText: string }[] = [];
      for (const k of [k1, k2, k3]) {
        const d = await draw(k);
        expect(d.status, JSON.stringify(d.body)).toBe(201);
        drawn.push(d.body.item);
      }
      expect(drawn.map((d) => d.sequence)).toEqual([1, 2, 3]);
      expect(drawn.map((d) => d.prizeIndex).sort()).toEqual([0, 1, 1]);
      for (const d of drawn) expect(d.prizeText).toBe(d.prizeIndex === 0 ? 'Худи клуба' : 'Кепка клуба');
      // Per knockout: the same killer entry drew on k1 and k2, once each.
      expectProblem(await draw(k1), 409, 'MYSTERY_ALREADY_DRAWN');
      expectProblem(await draw(k4), 409, 'MYSTERY_TABLE_EXHAUSTED');
      // R-KO-6: a knockout drawn on stands.
      expectProblem(await api.call('POST', `${g.t}/knockouts/${k3?.knockoutId}/cancel`, { token: owner, body: {} }), 422, 'MYSTERY_DRAWN');

      const staff = await table(owner);
      expect(staff.prizes.map((p: { remaining: number }) => p.remaining)).toEqual([0, 0]);
      expect(staff.draws).toHaveLength(3);
      expect(staff.seed).toBeUndefined();

      expect((await api.call('POST', `${g.t}/finish`, { token: owner })).status).toBe(200);
      const res = await api.call('GET', `${g.t}/results`);
      expect(res.status).toBe(200);
      const mine = (p: string) => (res.body.rows as RowV[]).find((r) => r.playerId === p)?.mysteryPrizes;
      expect(mine('my1')).toEqual(drawn.slice(0, 2).map((d) => d.prizeText));
      expect(mine('my2')).toEqual([drawn[2]?.prizeText]);

      // Anyone can now check that no prize was steered: the seed matches its hash and gives every draw.
      const after = await table();
      expect(sha(after.seed)).toBe(before.seedHash);
      expect(after.tableHash).toBe(before.tableHash);
      const left = [1, 2];
      for (const d of after.draws as { sequence: number; prizeIndex: number }[]) {
        const i = replayDraw(after.seed, d.sequence, left);
        expect(d.prizeIndex).toBe(i);
        left[i] = (left[i] as number) - 1;
      }
    },
    TIMEOUT,
  );

  it(
    'R-MYS-2, R-LIFE-2: a changed table is committed anew while announced; a tournament without one keeps the hand-drawn text',
    async () => {
      const created = await api.call('POST', `${base}/tournaments`, {
        token: owner,
        body: tournamentBody({ bountyType: 'mystery', mysteryPrizeTable: [{ prize: 'Кепка клуба', quantity: 1 }] }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const t = `${base}/tournaments/${created.body.tournamentId}`;
      const first = (await api.call('GET', `${t}/mystery-table`, { token: owner })).body;
      const same = await api.call('PATCH', t, { token: owner, body: { name: 'Mystery Friday' } });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect((await api.call('GET', `${t}/mystery-table`, { token: owner })).body.seedHash).toBe(first.seedHash);
      const edited = await api.call('PATCH', t, { token: owner, body: { mysteryPrizeTable: [{ prize: 'Кепка клуба', quantity: 2 }] } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const second = (await api.call('GET', `${t}/mystery-table`, { token: owner })).body;
      expect(second.tableHash).not.toBe(first.tableHash);
      expect(second.seedHash).not.toBe(first.seedHash);

      // The club that draws envelopes by hand: no table, the floor types the prize.
      const g = await running('mh', 2, { bountyType: 'mystery', mysteryPrizeSource: 'client_text' });
      const hand = (await api.call('GET', `${g.t}/mystery-table`, { token: owner })).body;
      expect(hand).toMatchObject({ source: 'client_text', prizes: [] });
      const [k] = await g.ko(['mh2'], ['mh1']);
      const d = await api.call('POST', `${g.t}/knockouts/${k?.knockoutId}/mystery-draw`, {
        token: owner,
        body: { prizeText: 'Футболка клуба' },
      });
      expect(d.status, JSON.stringify(d.body)).toBe(201);
      expect(d.body.item.prizeText).toBe('Футболка клуба');
      expect(d.body.item.prizeIndex).toBeUndefined();
    },
    TIMEOUT,
  );
});
