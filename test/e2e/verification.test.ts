import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi, validClub, type TestApi } from '../support/local-api';
import { startFakeEgrul, type FakeEgrul } from '../support/fake-egrul';
import {
  setVerificationQueue,
  verificationQueue,
  type VerificationQueue,
  type VerifyClubJob,
} from '../../functions/adapters/verification-queue';
import { handler as workerHandler, runVerification } from '../../functions/jobs/verify-club';
import { lambdaContext } from '../../scripts/local/http-adapter';
import { UnconfiguredRegistry } from '../../functions/adapters/registry';
import { DynamoCacheStore } from '../../functions/adapters/registry/dynamo-cache';
import { entities } from '../../functions/store/entities';

// The worker's modules are imported here, before the local API sets the log level: set it first.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'CRITICAL';
});

/**
 * Club verification over HTTP: the real local API, its in-process worker and the fake EGRUL site.
 * Every automatic decision below went through the registry protocol end to end.
 */
let api: TestApi;
let egrul: FakeEgrul;
let operator: string;
/** The local API's in-process queue, put back after a test swaps it. */
let inProcess: VerificationQueue;

const SBER = { name: 'Сбербанк России', inn: '7707083893', ogrn: '1027700132195', kpp: '773601001' };
const LIQUIDATED = { name: 'Туз Пик', inn: '7801000020', ogrn: '1157800000027', kpp: '780101001' };
const ATTEST = { attestation: { accepted: true } };

beforeAll(async () => {
  egrul = await startFakeEgrul();
  // The worker reads these when it builds its registry: the fake, without the 2 s throttle.
  process.env.REGISTRY_BASE_URL = egrul.url;
  process.env.REGISTRY_MIN_INTERVAL_MS = '0';
  api = await startTestApi();
  inProcess = verificationQueue();
  operator = await api.token('mod-olga', { operator: true });
});
afterAll(async () => {
  await api?.close();
  await egrul?.close();
});
afterEach(() => {
  egrul.scenario.searchRefusal = undefined;
  setVerificationQueue(inProcess);
});

async function newClub(ownerSub: string, over: Record<string, unknown> = {}) {
  const owner = await api.token(ownerSub);
  const res = await api.call('POST', '/v1/clubs', { token: owner, body: validClub(over) });
  expect(res.status).toBe(201);
  return { owner, clubId: res.body.clubId as string, base: `/v1/clubs/${res.body.clubId}` };
}

/** The verification once the worker has decided (or the time limit passed). */
async function settled(base: string, token: string) {
  const until = Date.now() + 15_000;
  for (;;) {
    const res = await api.call('GET', `${base}/verification`, { token });
    expect(res.status).toBe(200);
    if (res.body.status !== 'pending' || Date.now() > until) return res.body;
    await new Promise((r) => setTimeout(r, 40));
  }
}

const decide = (clubId: string, token: string, body: unknown) =>
  api.call('POST', `/v1/operator/clubs/${clubId}/verification-decision`, { token, body });

describe('automatic verification against EGRUL', () => {
  let sber: Awaited<ReturnType<typeof newClub>>;

  it('R-CLUB-2, R-CLUB-3: a matching active registrant is verified, with the attestation, the evidence and the trail', async () => {
    sber = await newClub('owner-sber', SBER);
    const searches = egrul.searches().length;
    const asked = await api.call('POST', `${sber.base}/verification`, { token: sber.owner, body: ATTEST });
    expect(asked.status).toBe(202);
    expect(asked.headers.get('location')).toBe(`${sber.base}/verification`);
    expect(asked.body.status).toBe('pending');
    expect(asked.body.attestation).toMatchObject({ attestedBy: 'owner-sber' });
    expect(asked.body.attestation.statement).toMatch(/without money/);

    const v = await settled(sber.base, sber.owner);
    expect(v.status).toBe('verified');
    expect(v.lastDecision.decidedBy).toEqual({ type: 'automatic' });
    expect(v.lastDecision.reasons).toEqual([]);
    expect(v.lastDecision.evidence.source).toBe('egrul');
    expect(v.lastDecision.evidence.fields).toMatchObject({ i: SBER.inn, o: SBER.ogrn, k: 'ul' });
    expect(Date.parse(v.lastDecision.evidence.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(v.meaning).toMatch(/not an endorsement/);
    expect(v.history.map((h: { type: string }) => h.type)).toEqual(['verification.requested', 'verification.decided']);
    expect(v.history[0].attestation.attestedBy).toBe('owner-sber');
    expect(v.history[1].by).toBe('system:registry-check');
    expect(egrul.searches().length).toBe(searches + 1);
    // The club item carries the same status (the catalogue reads it).
    expect((await api.call('GET', sber.base, { token: sber.owner })).body.verificationStatus).toBe('verified');
  });

  it('R-CLUB-3: a liquidated registrant is rejected, saying why', async () => {
    const c = await newClub('owner-liq', LIQUIDATED);
    expect((await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST })).status).toBe(202);
    const v = await settled(c.base, c.owner);
    expect(v.status).toBe('rejected');
    expect(v.lastDecision.reasons[0]).toMatch(/^REGISTRY_TERMINATED: .*2021-11-12/);
    expect(v.lastDecision.evidence.fields.e).toBe('12.11.2021');
    // Not in the moderators' queue: nobody needs to look at it.
    const queue = await api.call('GET', '/v1/operator/verifications', { token: operator });
    expect(queue.body.items.map((i: { clubId: string }) => i.clubId)).not.toContain(c.clubId);
  });

  it('R-CLUB-3, R-CLUB-4, R-MOD-1: a captcha sends the club to the moderators, and an operator decides, recorded with who and why', async () => {
    egrul.scenario.searchRefusal = 'captcha';
    const c = await newClub('owner-captcha');
    await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    const v = await settled(c.base, c.owner);
    expect(v.status).toBe('needs_review');
    expect(v.lastDecision.reasons[0]).toMatch(/^REGISTRY_UNAVAILABLE: .*captcha/);

    const queue = await api.call('GET', '/v1/operator/verifications?status=needs_review', { token: operator });
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((i: { clubId: string }) => i.clubId === c.clubId);
    expect(item).toMatchObject({ status: 'needs_review', inn: '7736207543', requestedBy: 'owner-captcha', source: 'egrul' });
    expect(item.reasons[0]).toMatch(/^REGISTRY_UNAVAILABLE/);

    // Only operators see the queue and decide.
    expect((await api.call('GET', '/v1/operator/verifications', { token: c.owner })).status).toBe(403);
    const byOwner = await decide(c.clubId, c.owner, { decision: 'verify', reason: 'I say so' });
    expect(byOwner.status).toBe(403);
    expect((await api.call('GET', `${c.base}/verification`, { token: c.owner })).body.status).toBe('needs_review');
    expect((await decide(c.clubId, operator, { decision: 'verify', reason: '' })).status).toBe(400);

    const decided = await decide(c.clubId, operator, {
      decision: 'verify',
      reason: 'Matched by hand on egrul.nalog.ru: INN, OGRN, name, active',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('verified');
    expect(decided.body.lastDecision.decidedBy).toEqual({ type: 'moderator', actorId: 'mod-olga' });
    expect(decided.body.lastDecision.reasons).toEqual(['Matched by hand on egrul.nalog.ru: INN, OGRN, name, active']);
    expect(decided.body.history.at(-1)).toMatchObject({ type: 'verification.decided', by: 'mod-olga', status: 'verified' });
    const after = await api.call('GET', '/v1/operator/verifications?status=needs_review', { token: operator });
    expect(after.body.items.map((i: { clubId: string }) => i.clubId)).not.toContain(c.clubId);

    const { data: records } = await entities()
      .moderation.query.primary({ targetKey: `club#${c.clubId}` })
      .go();
    expect(records).toEqual([
      expect.objectContaining({
        action: 'verification.verify',
        by: 'mod-olga',
        reason: 'Matched by hand on egrul.nalog.ru: INN, OGRN, name, active',
      }),
    ]);
  });

  it('R-CLUB-4: an operator revokes a verified status with a reason; a cached registry answer serves the next request', async () => {
    const revoked = await decide(sber.clubId, operator, { decision: 'revoke', reason: 'Complaint: the club collects money prizes' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect(revoked.body.history.at(-1)).toMatchObject({
      type: 'verification.revoked',
      by: 'mod-olga',
      reasons: ['Complaint: the club collects money prizes'],
    });
    expect((await api.call('GET', sber.base, { token: sber.owner })).body.verificationStatus).toBe('revoked');
    const again = await decide(sber.clubId, operator, { decision: 'revoke', reason: 'twice' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('VERIFICATION_NOT_VERIFIED');

    // The owner may ask again; the registry's answer is still in the cache, so EGRUL is not asked.
    const searches = egrul.searches().length;
    expect((await api.call('POST', `${sber.base}/verification`, { token: sber.owner, body: ATTEST })).status).toBe(202);
    const v = await settled(sber.base, sber.owner);
    expect(v.status).toBe('verified');
    expect(v.attempt).toBe(2);
    expect(egrul.searches().length).toBe(searches);
    const cached = await entities()
      .registryCache.get({ cacheKey: `registry#egrul#${SBER.inn}` })
      .go();
    // Epoch seconds (the table's TTL attribute), hours ahead.
    expect(cached.data?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3600);
    expect(cached.data?.expiresAt).toBeLessThan(Date.now() / 1000 + 7 * 3600);
  });

  it('R-CLUB-3: changing the legal details resets a verified club to unverified, with the reason in the trail; bad numbers are refused', async () => {
    const c = await newClub('owner-edit', SBER);
    await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    expect((await settled(c.base, c.owner)).status).toBe('verified');
    const bad = await api.call('PATCH', c.base, { token: c.owner, body: { inn: '7707083894' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toContain('inn');
    const edited = await api.call('PATCH', c.base, { token: c.owner, body: { inn: '7736050003', ogrn: '1027700070518' } });
    expect(edited.status).toBe(200);
    expect(edited.body.verificationStatus).toBe('unverified');
    const v = (await api.call('GET', `${c.base}/verification`, { token: c.owner })).body;
    expect(v.status).toBe('unverified');
    expect(v.history.at(-1)).toMatchObject({ type: 'verification.reset', by: 'owner-edit', status: 'unverified' });
    expect(v.history.at(-1).reasons[0]).toMatch(/^LEGAL_DETAILS_CHANGED/);
  });
});

describe('requests and the worker', () => {
  it('a second request while one is pending is 409 VERIFICATION_PENDING; the check runs once for its request', async () => {
    const jobs: VerifyClubJob[] = [];
    setVerificationQueue({ enqueue: async (job) => void jobs.push(job) });
    const c = await newClub('owner-pending', SBER);
    const first = await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    expect(first.body.status).toBe('pending');
    const second = await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('VERIFICATION_PENDING');
    expect(jobs).toEqual([{ clubId: c.clubId, attempt: 1 }]);

    // The pending request is in the moderators' "pending" queue while no check has answered.
    const pending = await api.call('GET', '/v1/operator/verifications?status=pending', { token: operator });
    expect(pending.body.items.map((i: { clubId: string }) => i.clubId)).toContain(c.clubId);

    const job = jobs[0] as VerifyClubJob;
    expect(await runVerification(job)).toMatchObject({ outcome: 'decided', status: 'verified' });
    // At-least-once delivery: the same event again changes nothing.
    expect(await runVerification(job)).toMatchObject({ outcome: 'dropped' });
    expect((await api.call('GET', `${c.base}/verification`, { token: c.owner })).body.history).toHaveLength(2);
  });

  it('the worker Lambda drops a malformed event and an unknown club instead of failing (a retry would not help)', async () => {
    const ctx = lambdaContext('verify-club', 'req-1');
    expect(await workerHandler({ clubId: 'c' }, ctx)).toEqual({ outcome: 'dropped', reason: 'malformed event' });
    expect(await workerHandler({ clubId: 'club_nowhere', attempt: 1 }, ctx)).toEqual({ outcome: 'dropped', reason: 'no such club' });
  });

  it('a check that cannot be started sends the request to the moderators instead of leaving it pending', async () => {
    setVerificationQueue({ enqueue: async () => Promise.reject(new Error('Lambda throttled')) });
    const c = await newClub('owner-noqueue', SBER);
    const res = await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('needs_review');
    expect(res.body.lastDecision.reasons).toEqual(['REGISTRY_UNAVAILABLE: the automatic check could not be started']);
  });

  it('with no registry configured every check is unavailable (the local default)', async () => {
    const answer = await new UnconfiguredRegistry().lookup();
    expect(answer).toMatchObject({ kind: 'unavailable' });
  });

  it('only the owner asks, with the attestation; a suspended club is 403', async () => {
    const c = await newClub('owner-susp', SBER);
    const manager = await api.token('floor-susp');
    await api.call('POST', `${c.base}/members`, { token: c.owner, body: { userId: 'floor-susp', role: 'manager' } });
    expect((await api.call('POST', `${c.base}/verification`, { token: manager, body: ATTEST })).status).toBe(403);
    expect((await api.call('GET', `${c.base}/verification`, { token: manager })).status).toBe(200);
    const noAttestation = await api.call('POST', `${c.base}/verification`, { token: c.owner, body: {} });
    expect(noAttestation.status).toBe(400);
    expect(noAttestation.body.errors.map((e: { field: string }) => e.field)).toContain('body.attestation');

    await api.call('POST', `/v1/operator/clubs/${c.clubId}/suspension`, {
      token: operator,
      body: { suspended: true, reason: 'fraud report' },
    });
    const res = await api.call('POST', `${c.base}/verification`, { token: c.owner, body: ATTEST });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CLUB_SUSPENDED');
  });

  it('the queue refuses a tampered cursor', async () => {
    const res = await api.call('GET', '/v1/operator/verifications?cursor=abc.def', { token: operator });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CURSOR_INVALID');
  });

  it('the registry cache ignores an expired answer although the item is still there', async () => {
    const cache = new DynamoCacheStore();
    const answer = { kind: 'not_found', source: 'egrul', retrievedAt: Date.now() } as const;
    await cache.put('registry#egrul#500100732259', answer, Date.now() - 1000);
    expect(await cache.get('registry#egrul#500100732259')).toBeUndefined();
    await cache.put('registry#egrul#500100732259', answer, Date.now() + 60_000);
    expect((await cache.get('registry#egrul#500100732259'))?.answer).toEqual(answer);
  });
});
