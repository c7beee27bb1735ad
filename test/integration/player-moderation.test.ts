/**
 * R-MOD-1: the operator's decisions about a player (functions/app/operator.ts, app/content-moderation.ts)
 * go through one transaction (app/player-moderation.ts): the profile changes and the moderation record
 * is appended together, and a decision taken on a profile that changed since it was read writes nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type { Context } from '../../domain/core/context';
import { seededRandom } from '../../domain/core/random';
import type * as Entities from '../../functions/store/entities';
import type * as Operator from '../../functions/app/operator';
import type * as ContentModeration from '../../functions/app/content-moderation';
import type * as PlayerModeration from '../../functions/app/player-moderation';

let entities: typeof Entities.entities;
let operator: typeof Operator;
let content: typeof ContentModeration;
let moderation: typeof PlayerModeration;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  ({ entities } = await import('../../functions/store/entities'));
  operator = await import('../../functions/app/operator');
  content = await import('../../functions/app/content-moderation');
  moderation = await import('../../functions/app/player-moderation');
}, 60_000);

const createdAt = '2026-12-01T10:00:00.000Z';
let ids = 0;
const ctx = (now: number): Context => ({
  now,
  actor: { id: 'op-1', role: 'operator' },
  rng: seededRandom(1),
  newId: (prefix) => `${prefix}_${++ids}`,
});

async function aPlayer(): Promise<string> {
  const userId = `p-${randomUUID()}`;
  await entities().player.create({ userId, displayName: 'Ann', consentAt: createdAt, createdAt, updatedAt: createdAt }).go();
  return userId;
}
const profile = async (userId: string) => (await entities().player.get({ userId }).go()).data;
const records = async (userId: string) =>
  (
    await entities()
      .moderation.query.primary({ targetKey: `player#${userId}` })
      .go({ pages: 'all' })
  ).data;

describe('decisions about a player', () => {
  it('suspends with the record of who and why, and unsuspends with another', async () => {
    const userId = await aPlayer();
    const at = Date.parse('2026-12-02T10:00:00.000Z');
    const decision = await operator.setPlayerSuspension(userId, { suspended: true, reason: 'Abusive messages' }, ctx(at));
    expect(decision).toEqual({ targetId: userId, suspended: true, reason: 'Abusive messages', by: 'op-1', at: new Date(at).toISOString() });
    expect(await profile(userId)).toMatchObject({ suspended: true, suspendedReason: 'Abusive messages', updatedAt: decision.at });
    await operator.setPlayerSuspension(userId, { suspended: false, reason: 'Appeal accepted' }, ctx(at + 1000));
    expect((await records(userId)).map((r) => [r.action, r.reason, r.by])).toEqual([
      ['suspend', 'Abusive messages', 'op-1'],
      ['unsuspend', 'Appeal accepted', 'op-1'],
    ]);
    await expect(operator.setPlayerSuspension(`p-${randomUUID()}`, { suspended: true, reason: 'x' }, ctx(at))).rejects.toMatchObject({
      kind: 'not_found',
      code: 'PLAYER_NOT_FOUND',
    });
  });

  it('hides the display name and shows it again, each once, each recorded', async () => {
    const userId = await aPlayer();
    const at = Date.parse('2026-12-02T11:00:00.000Z');
    const hidden = await content.setDisplayNameVisibility(userId, { hidden: true, reason: 'Offensive name' }, ctx(at));
    expect(hidden).toMatchObject({ kind: 'display_name', targetId: userId, hidden: true, reason: 'Offensive name' });
    expect((await profile(userId))?.displayNameHiddenReason).toBe('Offensive name');
    await expect(content.setDisplayNameVisibility(userId, { hidden: true, reason: 'Again' }, ctx(at))).rejects.toMatchObject({
      kind: 'conflict',
      code: 'CONTENT_ALREADY_HIDDEN',
    });
    await content.setDisplayNameVisibility(userId, { hidden: false, reason: 'Renamed' }, ctx(at + 1000));
    expect((await profile(userId))?.displayNameHiddenReason).toBeUndefined();
    expect((await records(userId)).map((r) => [r.action, r.kind, r.itemId])).toEqual([
      ['hide', 'display_name', userId],
      ['restore', 'display_name', userId],
    ]);
  });

  it('writes neither the change nor the record when the profile changed since it was read', async () => {
    const userId = await aPlayer();
    const at = '2026-12-02T12:00:00.000Z';
    const write = moderation.writePlayerModeration({
      userId,
      set: { displayNameHiddenReason: 'Offensive name', updatedAt: at },
      unchangedSince: '2026-11-30T00:00:00.000Z',
      record: { actionId: 'mod_stale', at, action: 'hide', reason: 'Offensive name', by: 'op-1', kind: 'display_name', itemId: userId },
    });
    await expect(write).rejects.toMatchObject({ kind: 'conflict', code: 'CONFLICT' });
    expect((await profile(userId))?.displayNameHiddenReason).toBeUndefined();
    expect(await records(userId)).toEqual([]);
  });
});
