import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { startTestApi, type TestApi } from '../support/local-api';
import { clubWithOwner, tournamentBody } from '../support/tournament-fixtures';
import { dynamo } from '../../functions/store/client';

/**
 * R-PD-1 with R-TICKET-1..3: a player who erases the account leaves no ticket they could still use and no
 * index of tickets in their partition; the club keeps its tickets by player id only, as it keeps registrations.
 */
let api: TestApi;
let owner: string;
let base: string;
let clubId: string;

const DAY = 86_400_000;
const SLOW = { timeout: 120_000 };

beforeAll(async () => {
  api = await startTestApi();
  ({ owner, base, clubId } = await clubWithOwner(api, 'tke-owner'));
});
afterAll(async () => api?.close());

type Item = Record<string, unknown>;

async function scanTable(): Promise<Item[]> {
  const out: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().doc.send(
      new ScanCommand({ TableName: api.tableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    out.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const holding = (items: Item[], value: string) => items.filter((i) => JSON.stringify(i).includes(value));
const keyOf = (i: Item) => `${String(i.pk)} ${String(i.sk)}`;

async function signUp(sub: string, displayName: string): Promise<string> {
  const token = await api.token(sub);
  const res = await api.call('POST', '/v1/players', {
    token,
    body: { displayName, firstName: 'Zorana', lastName: 'Билетова', dateOfBirth: '1986-02-19', consent: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return token;
}

const grant = async (holderId: string) => {
  const res = await api.call('POST', `${base}/tickets`, {
    token: owner,
    body: { holderId, target: { kind: 'club' }, expiresAt: new Date(Date.now() + 30 * DAY).toISOString(), reason: 'League winner' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.ticketId as string;
};

describe('R-PD-1: erasing an account with tickets', SLOW, () => {
  it('R-PD-1, R-TICKET-1: an unused ticket is revoked, the holder index goes, nothing else carries the player', async () => {
    const token = await signUp('tke-zora', 'Zora Tkt-Erasure');
    const ticketId = await grant('tke-zora');
    const before = await scanTable();
    expect(holding(before, 'tke-zora').map(keyOf)).toEqual(
      expect.arrayContaining([`player#tke-zora profile`, `club#${clubId} ticket#${ticketId}`]),
    );
    expect(holding(before, 'tke-zora').some((i) => String(i.sk).startsWith('ticket#') && i.pk === 'player#tke-zora')).toBe(true);

    expect((await api.call('DELETE', '/v1/me', { token })).status).toBe(200);

    const after = await scanTable();
    for (const v of ['Zora Tkt-Erasure', 'Zorana', 'Билетова', '1986-02-19']) expect(holding(after, v).map(keyOf), v).toEqual([]);
    // What still names the player id: the pseudonymised profile, the erasure's record, the registration
    // schedule (times only, R-REG-1) and the club's ticket; no pointer to a ticket in the player's partition.
    expect(holding(after, 'tke-zora').map(keyOf).sort()).toEqual(
      [`club#${clubId} ticket#${ticketId}`, 'player#tke-zora erasure', 'player#tke-zora profile', 'player#tke-zora schedule'].sort(),
    );
    const ticket = (await api.call('GET', `${base}/tickets/${ticketId}`, { token: owner })).body;
    expect(ticket).toMatchObject({ status: 'revoked', revokedBy: 'system:erasure', holderId: 'tke-zora' });
    expect((ticket.audit as { type: string; reason?: string }[]).map((a) => [a.type, a.reason])).toEqual([
      ['ticket.issued', 'League winner'],
      ['ticket.revoked', 'account erased (R-PD-1)'],
    ]);
    // A ticket cannot be granted to the erased account any more.
    expect(
      (
        await api.call('POST', `${base}/tickets`, {
          token: owner,
          body: { holderId: 'tke-zora', target: { kind: 'club' }, expiresAt: new Date(Date.now() + DAY).toISOString(), reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('R-PD-1, R-TICKET-3: a used ticket stays used with its registration; only the holder index goes', async () => {
    const token = await signUp('tke-used', 'Ulla Tkt-Used');
    const ticketId = await grant('tke-used');
    const t = await api.call('POST', `${base}/tournaments`, {
      token: owner,
      body: tournamentBody({ name: 'Ticket erasure' }, 5 * 3_600_000),
    });
    expect(t.status).toBe(201);
    const tournamentId = t.body.tournamentId as string;
    expect((await api.call('POST', `${base}/tournaments/${tournamentId}/open-registration`, { token: owner })).status).toBe(200);
    const reg = await api.call('POST', '/v1/me/registrations', { token, body: { clubId, tournamentId, ticketId } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);

    expect((await api.call('DELETE', '/v1/me', { token })).status).toBe(200);

    const after = await scanTable();
    expect(holding(after, 'Ulla Tkt-Used').map(keyOf)).toEqual([]);
    expect(after.filter((i) => i.pk === 'player#tke-used' && String(i.sk).startsWith('ticket#')).map(keyOf)).toEqual([]);
    const ticket = (await api.call('GET', `${base}/tickets/${ticketId}`, { token: owner })).body;
    expect(ticket).toMatchObject({ status: 'used', holderId: 'tke-used' });
    expect((ticket.audit as { type: string }[]).map((a) => a.type)).toEqual(['ticket.issued', 'ticket.used']);
  });
});
