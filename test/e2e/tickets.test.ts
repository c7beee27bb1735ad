import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, makePlayer, tournamentBody } from '../support/tournament-fixtures';
import { expectProblem } from '../support/http-expectations';

/**
 * Free entries (tickets) end to end: granted by hand and by a free-entry prize row at the finish,
 * presented at a registration (desk and app) to cover the fee, used exactly once under concurrency,
 * returned when the registration is cancelled before the start, revoked by the club while unused.
 */
let api: TestApi;
let owner: string;
let base: string;
let clubId: string;

const DAY = 86_400_000;
/** Each test walks a tournament through several commands; on a loaded machine that takes a while. */
const SLOW = { timeout: 120_000 };

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base, clubId } = await clubWithOwner(api, 'tickets-owner'));
});
afterAll(async () => api?.close());

/** A tournament open for registration, starting `startInMs` from now (days apart: no R-REG-1 overlap). */
async function openTournament(name: string, startInMs: number, over: Record<string, unknown> = {}): Promise<string> {
  const t = await api.call('POST', `${base}/tournaments`, { token: owner, body: tournamentBody({ name, ...over }, startInMs) });
  expect(t.status, JSON.stringify(t.body)).toBe(201);
  const open = await api.call('POST', `${base}/tournaments/${t.body.tournamentId}/open-registration`, { token: owner });
  expect(open.status).toBe(200);
  return t.body.tournamentId as string;
}

const grant = (holderId: string, target: Record<string, unknown> = { kind: 'club' }, over: Record<string, unknown> = {}) =>
  api.call('POST', `${base}/tickets`, {
    token: owner,
    body: { holderId, target, expiresAt: new Date(Date.now() + 30 * DAY).toISOString(), reason: 'Победитель лиги', ...over },
  });

const ticketOf = async (ticketId: string) => (await api.call('GET', `${base}/tickets/${ticketId}`, { token: owner })).body;

describe('R-TICKET-1: a ticket is a right to enter, granted and revoked by the club, with no value', SLOW, () => {
  it('R-TICKET-1, R-TICKET-2: granted by hand with who and why, listed for the holder and the club, revoked while unused', async () => {
    const token = await makePlayer(api, 'tk-holder');
    const issued = await grant('tk-holder');
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(issued.body).toMatchObject({
      holderId: 'tk-holder',
      clubId,
      status: 'issued',
      target: { kind: 'club' },
      issuedBy: 'tickets-owner',
    });
    expect(issued.body.source).toEqual({ kind: 'manual', note: 'Победитель лиги' });
    // R-MONEY-1: nothing on a ticket is a value.
    for (const k of ['amount', 'value', 'faceValue', 'price', 'currency']) expect(issued.body).not.toHaveProperty(k);
    const ticketId = issued.body.ticketId as string;

    const mine = await api.call('GET', '/v1/me/tickets', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((t: { ticketId: string }) => t.ticketId)).toContain(ticketId);
    const listed = await api.call('GET', `${base}/tickets?status=issued`, { token: owner });
    expect(listed.body.items.map((t: { ticketId: string }) => t.ticketId)).toContain(ticketId);

    const revoked = await api.call('POST', `${base}/tickets/${ticketId}/revoke`, { token: owner, body: { reason: 'Выдан по ошибке' } });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', revokedBy: 'tickets-owner' });
    const audit = (await ticketOf(ticketId)).audit as { type: string; by: string; reason?: string }[];
    expect(audit.map((a) => [a.type, a.by, a.reason])).toEqual([
      ['ticket.issued', 'tickets-owner', 'Победитель лиги'],
      ['ticket.revoked', 'tickets-owner', 'Выдан по ошибке'],
    ]);
    expect(
      (await api.call('GET', `${base}/tickets?status=issued`, { token: owner })).body.items.map((t: { ticketId: string }) => t.ticketId),
    ).not.toContain(ticketId);
    expect(
      (await api.call('GET', `${base}/tickets?status=revoked`, { token: owner })).body.items.map((t: { ticketId: string }) => t.ticketId),
    ).toContain(ticketId);

    // A revoked ticket enters nothing.
    const tid = await openTournament('Revoked entry', 40 * 3_600_000);
    expectProblem(
      await api.call('POST', `${base}/tournaments/${tid}/registrations`, { token: owner, body: { playerId: 'tk-holder', ticketId } }),
      422,
      'TICKET_REVOKED',
    );
  });

  it('R-TICKET-1, R-MONEY-1: bad input is a 4xx problem, never a 500', async () => {
    await makePlayer(api, 'tk-bad');
    expectProblem(await grant('tk-bad', { kind: 'club' }, { faceValue: 1000 }), 400, 'VALIDATION_FAILED');
    expectProblem(await grant('tk-bad', { kind: 'lottery' }), 400, 'VALIDATION_FAILED');
    expectProblem(await grant('tk-bad', { kind: 'club' }, { expiresAt: new Date(Date.now() - DAY).toISOString() }), 422, 'TICKET_INVALID');
    expectProblem(await grant('tk-bad', { kind: 'club' }, { expiresAt: 'tomorrow' }), 400, 'VALIDATION_FAILED');
    expectProblem(await grant('nobody-here'), 404, 'PLAYER_NOT_FOUND');
    expectProblem(await grant('tk-bad', { kind: 'club', upToFeeLevel: '5000 ₽' }), 422, 'MONEY_WORDING');
    // R-MONEY-2: a ticket is good at once, so a text the checker would hold for an operator is refused too.
    const held = await grant('tk-bad', { kind: 'club' }, { reason: 'Сертификат на 3000' });
    expectProblem(held, 422, 'MONEY_WORDING');
    expect(held.body.errors).toEqual([expect.objectContaining({ field: 'reason' })]);
    expectProblem(await grant('tk-bad', { kind: 'club', upToFeeLevel: 'Лига евро' }), 422, 'MONEY_WORDING');
    expectProblem(await api.call('GET', `${base}/tickets?status=sold`, { token: owner }), 400, 'VALIDATION_FAILED');
    expectProblem(await api.call('GET', `${base}/tickets/tkt_none`, { token: owner }), 404, 'TICKET_NOT_FOUND');
    expectProblem(
      await api.call('POST', `${base}/tickets/tkt_none/revoke`, { token: owner, body: { reason: 'x' } }),
      404,
      'TICKET_NOT_FOUND',
    );
    const tid = await openTournament('Unknown ticket', 44 * 3_600_000);
    expectProblem(
      await api.call('POST', `${base}/tournaments/${tid}/registrations`, {
        token: owner,
        body: { playerId: 'tk-bad', ticketId: 'tkt_none' },
      }),
      404,
      'TICKET_NOT_FOUND',
    );
    // A player grants nothing: only the club's owner or manager (to a non-member the club is not there).
    const player = await api.token('tk-bad');
    expect((await grant('tk-bad')).status).toBe(201);
    const self = await api.call('POST', `${base}/tickets`, {
      token: player,
      body: { holderId: 'tk-bad', target: { kind: 'club' }, expiresAt: new Date(Date.now() + DAY).toISOString(), reason: 'сам себе' },
    });
    expect(self.status).toBe(404);
    expect(self.headers.get('content-type')).toContain('application/problem+json');

    // Another club's ticket is not found within the other club: not read, revoked or used there.
    const ours = (await grant('tk-bad')).body.ticketId as string;
    const other = await clubWithOwner(api, 'tickets-other-owner');
    expectProblem(await api.call('GET', `${other.base}/tickets/${ours}`, { token: other.owner }), 404, 'TICKET_NOT_FOUND');
    expectProblem(
      await api.call('POST', `${other.base}/tickets/${ours}/revoke`, { token: other.owner, body: { reason: 'x' } }),
      404,
      'TICKET_NOT_FOUND',
    );
    const theirs = await api.call('POST', `${other.base}/tournaments`, {
      token: other.owner,
      body: tournamentBody({ name: 'Other club' }, 45 * 3_600_000),
    });
    await api.call('POST', `${other.base}/tournaments/${theirs.body.tournamentId}/open-registration`, { token: other.owner });
    expectProblem(
      await api.call('POST', `${other.base}/tournaments/${theirs.body.tournamentId}/registrations`, {
        token: other.owner,
        body: { playerId: 'tk-bad', ticketId: ours },
      }),
      404,
      'TICKET_NOT_FOUND',
    );
    expect((await ticketOf(ours)).status).toBe('issued');
    // And this club's path is not the other owner's at all.
    expectProblem(await api.call('GET', `${base}/tickets/${ours}`, { token: other.owner }), 404, 'CLUB_NOT_FOUND');
  });
});

describe('R-TICKET-3: a ticket covers the entry fee once', SLOW, () => {
  it('R-TICKET-3: the desk registers with a ticket; at check-in the fee record says ticket and no debt accrues', async () => {
    await makePlayer(api, 'tk-desk');
    const ticketId = (await grant('tk-desk')).body.ticketId as string;
    const tid = await openTournament('Ticketed', 2 * 3_600_000);
    const t = `${base}/tournaments/${tid}`;
    const reg = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId: 'tk-desk', ticketId } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body.item.ticketId).toBe(ticketId);
    expect(await ticketOf(ticketId)).toMatchObject({
      status: 'used',
      usedFor: { tournamentId: tid, registrationId: reg.body.item.registrationId },
    });
    const checked = await api.call('POST', `${t}/registrations/${reg.body.item.registrationId}/check-in`, { token: owner });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const fees = await api.call('GET', `${t}/players/tk-desk/fees`, { token: owner });
    expect(fees.status).toBe(200);
    expect(fees.body.debt).toBe(0);
    expect(fees.body.operations).toEqual([expect.objectContaining({ kind: 'buy_in', amount: 0, cover: 'ticket', ticketId })]);
    // A ticket already used is refused elsewhere.
    const other = await openTournament('Ticketed later', 6 * DAY);
    expectProblem(
      await api.call('POST', `${base}/tournaments/${other}/registrations`, { token: owner, body: { playerId: 'tk-desk', ticketId } }),
      409,
      'TICKET_USED',
    );
  });

  it('R-TICKET-3: two registrations with the same ticket at the same moment: exactly one 201 and one 409 TICKET_USED', async () => {
    const token = await makePlayer(api, 'tk-racer');
    const ticketId = (await grant('tk-racer')).body.ticketId as string;
    const [a, b] = [await openTournament('Race A', 3 * DAY), await openTournament('Race B', 5 * DAY)];
    const [ra, rb] = await Promise.all([
      api.call('POST', `${base}/tournaments/${a}/registrations`, { token: owner, body: { playerId: 'tk-racer', ticketId } }),
      api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId: b, ticketId } }),
    ]);
    expect([ra.status, rb.status].sort(), JSON.stringify([ra.body, rb.body])).toEqual([201, 409]);
    const lost = ra.status === 409 ? ra : rb;
    expectProblem(lost, 409, 'TICKET_USED');
    const won = ra.status === 201 ? { res: ra, tid: a } : { res: rb, tid: b };
    expect(await ticketOf(ticketId)).toMatchObject({
      status: 'used',
      usedFor: { tournamentId: won.tid, registrationId: won.res.body.item.registrationId },
    });
    // The loser's tournament holds no registration of the player.
    const loserTid = won.tid === a ? b : a;
    const regs = await api.call('GET', `${base}/tournaments/${loserTid}/registrations`, { token: owner });
    expect(regs.body.items.filter((r: { playerId: string }) => r.playerId === 'tk-racer')).toEqual([]);
  });

  it('R-TICKET-3: cancelled before the start, the registration gives the ticket back; refusals name the reason', async () => {
    const token = await makePlayer(api, 'tk-app');
    await makePlayer(api, 'tk-stranger');
    const target = await openTournament('Targeted', 8 * DAY);
    const elsewhere = await openTournament('Elsewhere', 10 * DAY);
    const ticketId = (await grant('tk-app', { kind: 'tournament', tournamentId: target })).body.ticketId as string;

    expectProblem(
      await api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId: elsewhere, ticketId } }),
      422,
      'TICKET_OTHER_TARGET',
    );
    expectProblem(
      await api.call('POST', `${base}/tournaments/${target}/registrations`, { token: owner, body: { playerId: 'tk-stranger', ticketId } }),
      422,
      'TICKET_NOT_HOLDER',
    );
    const reg = await api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId: target, ticketId } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect((await ticketOf(ticketId)).status).toBe('used');
    const gone = await api.call('DELETE', `/v1/me/registrations/${reg.body.item.registrationId}`, { token });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const back = await ticketOf(ticketId);
    expect(back.status).toBe('issued');
    expect(back).not.toHaveProperty('usedFor');
    expect(back.audit.map((a: { type: string }) => a.type)).toEqual(['ticket.issued', 'ticket.used', 'ticket.returned']);
    // Returned, it enters again; a used one cannot be revoked.
    await api.streams?.drain();
    const again = await api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId: target, ticketId } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expectProblem(
      await api.call('POST', `${base}/tickets/${ticketId}/revoke`, { token: owner, body: { reason: 'нет' } }),
      409,
      'TICKET_USED',
    );
  });

  it('R-TICKET-1, R-TICKET-3: an expired ticket is refused TICKET_EXPIRED at the desk and in the app, and reads as expired', async () => {
    const token = await makePlayer(api, 'tk-late');
    // Seconds ahead, so that the grant itself is valid on a busy machine; then wait until it has passed.
    const expiresAt = Date.now() + 5000;
    const ticketId = (await grant('tk-late', { kind: 'club' }, { expiresAt: new Date(expiresAt).toISOString() })).body.ticketId as string;
    const tid = await openTournament('Too late', 12 * DAY);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now()) + 200));
    expectProblem(
      await api.call('POST', `${base}/tournaments/${tid}/registrations`, { token: owner, body: { playerId: 'tk-late', ticketId } }),
      422,
      'TICKET_EXPIRED',
    );
    expectProblem(
      await api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId: tid, ticketId } }),
      422,
      'TICKET_EXPIRED',
    );
    // Refused, the registration was not made.
    const regs = await api.call('GET', `${base}/tournaments/${tid}/registrations`, { token: owner });
    expect(regs.body.items.filter((r: { playerId: string }) => r.playerId === 'tk-late')).toEqual([]);
    expect((await ticketOf(ticketId)).status).toBe('expired');
    expect(
      (await api.call('GET', `${base}/tickets?status=expired`, { token: owner })).body.items.map((t: { ticketId: string }) => t.ticketId),
    ).toContain(ticketId);
  });
});

describe('R-TICKET-3, R-NOSHOW-1: a ticket of a no-show', SLOW, () => {
  it('R-TICKET-3, R-NOSHOW-1: an entry on a ticket dropped as a no-show at the end of late registration keeps its ticket used', async () => {
    for (const p of ['tk-absent', 'tk-here-1', 'tk-here-2']) await makePlayer(api, p);
    const ticketId = (await grant('tk-absent')).body.ticketId as string;
    const tid = await openTournament('No-show on a ticket', -60_000);
    const t = `${base}/tournaments/${tid}`;
    const reg = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId: 'tk-absent', ticketId } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const registrationId = reg.body.item.registrationId as string;
    for (const playerId of ['tk-here-1', 'tk-here-2']) {
      const r = await api.call('POST', `${t}/registrations`, { token: owner, body: { playerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const c = await api.call('POST', `${t}/registrations/${r.body.item.registrationId}/check-in`, { token: owner });
      expect(c.status, JSON.stringify(c.body)).toBe(200);
    }
    const started = await api.call('POST', `${t}/start`, { token: owner });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The scheduler's job at the end of late registration, run through its use case at that moment.
    const { noShowsAtLateRegEnd } = await import('../../functions/app/no-shows');
    const lateRegEndsAt = Date.parse(started.body.settings.lateRegEndsAt as string);
    const run = await noShowsAtLateRegEnd({ kind: 'no-shows', clubId, tournamentId: tid }, lateRegEndsAt + 1000);
    expect(run.value.outcome).toBe('processed');
    const regs = (await api.call('GET', `${t}/registrations`, { token: owner })).body.items as {
      registrationId: string;
      status: string;
      cancelReason?: string;
    }[];
    expect(regs.find((r) => r.registrationId === registrationId)).toMatchObject({ status: 'cancelled', cancelReason: 'no_show' });
    // Dropped after the start: the ticket stays used for that registration, and is not given back.
    const ticket = await ticketOf(ticketId);
    expect(ticket).toMatchObject({ status: 'used', usedFor: { tournamentId: tid, registrationId } });
    expect(ticket.audit.map((a: { type: string }) => a.type)).toEqual(['ticket.issued', 'ticket.used']);
    expect((await api.call('GET', '/v1/me/tickets', { token: await api.token('tk-absent') })).body.items).toEqual([
      expect.objectContaining({ ticketId, status: 'used' }),
    ]);
  });
});

describe('R-TICKET-2: free-entry prize rows issue tickets at the finish', SLOW, () => {
  it('R-TICKET-2: the winner of a tournament with a free_entry row for place 1 holds a ticket after the finish', async () => {
    const winner = await makePlayer(api, 'tk-winner');
    await makePlayer(api, 'tk-second');
    const created = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody(
        { name: 'Freeroll ticket', prizes: [{ place: 1, kind: 'free_entry', freeEntry: { target: { kind: 'club' }, validDays: 30 } }] },
        -60_000,
      ),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings.prizes[0].description).toBe('Бесплатный вход в турнир клуба');
    const t = `${base}/tournaments/${created.body.tournamentId}`;
    await api.call('POST', `${t}/open-registration`, { token: owner });
    const entry: Record<string, string> = {};
    for (const playerId of ['tk-winner', 'tk-second']) {
      const r = await api.call('POST', `${t}/entries`, { token: owner, body: { kind: 'late_registration', playerId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      entry[playerId] = r.body.item.entryId;
    }
    expect((await api.call('POST', `${t}/start`, { token: owner })).status).toBe(200);
    const ko = await api.call('POST', `${t}/knockouts`, {
      token: owner,
      body: { busted: [entry['tk-second']], killers: [entry['tk-winner']] },
    });
    expect(ko.status, JSON.stringify(ko.body)).toBe(201);
    const finished = await api.call('POST', `${t}/finish`, { token: owner });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);

    const mine = (await api.call('GET', '/v1/me/tickets', { token: winner })).body.items as {
      source: { kind: string; tournamentId?: string; place?: number };
      expiresAt: string;
    }[];
    expect(mine).toHaveLength(1);
    expect(mine[0]?.source).toEqual({ kind: 'prize', tournamentId: created.body.tournamentId, place: 1 });
    const second = (await api.call('GET', '/v1/me/tickets', { token: await api.token('tk-second') })).body.items;
    expect(second).toEqual([]);
  });

  it('R-TICKET-2: a free_entry row without its details, or details on another kind, is refused', async () => {
    const missing = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ prizes: [{ place: 1, kind: 'free_entry' }] }),
    });
    expectProblem(missing, 422, 'SETTINGS_INVALID');
    expect(JSON.stringify(missing.body.errors)).toContain('prizes[0].freeEntry');
    const stray = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ prizes: [{ place: 1, kind: 'trophy', freeEntry: { target: { kind: 'club' }, validDays: 3 } }] }),
    });
    expectProblem(stray, 422, 'SETTINGS_INVALID');
    const tooLong = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ prizes: [{ place: 1, kind: 'free_entry', freeEntry: { target: { kind: 'club' }, validDays: 100_000 } }] }),
    });
    expect(tooLong.status).toBe(422);
  });
});
