/**
 * The record calls (functions/store/table/record-ops.ts) on DynamoDB Local: conditions, patch against
 * create, sparse indexes kept by updates, pages, cursors, filters, and a partition that holds several
 * kinds of record.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../scripts/local/dynamodb-local';
import type * as Ops from '../../functions/store/table/record-ops';
import type * as Records from '../../functions/store/records/club';
import type * as TournamentRecords from '../../functions/store/records/tournament';

let ops: typeof Ops;
let club: typeof Records;
let tournament: typeof TournamentRecords;

beforeAll(async () => {
  const tableName = `t-${randomUUID()}`;
  await ensureTable(inject('dynamoEndpoint'), tableName);
  Object.assign(process.env, { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: inject('dynamoEndpoint'), POWERTOOLS_LOG_LEVEL: 'CRITICAL' });
  ops = await import('../../functions/store/table/record-ops');
  club = await import('../../functions/store/records/club');
  tournament = await import('../../functions/store/records/tournament');
}, 60_000);

const at = '2026-12-01T10:00:00.000Z';
const aClub = (clubId: string, catalogKey?: string) => ({
  clubId,
  name: 'Клуб',
  city: 'Москва',
  address: 'Тверская, 1',
  legalForm: 'ul' as const,
  inn: '7707083893',
  ogrn: '1027700132195',
  attestation: { by: 'u1' },
  ...(catalogKey ? { catalogKey } : {}),
  currency: 'RUB',
  verificationStatus: 'unverified',
  suspended: false,
  createdBy: 'u1',
  createdAt: at,
  updatedAt: at,
});

describe('record calls on DynamoDB Local', () => {
  it('create refuses an existing record; patch refuses a missing one; a condition guards an update', async () => {
    const id = `c-${randomUUID()}`;
    await ops.createRecord(club.clubRecord, aClub(id));
    await expect(ops.createRecord(club.clubRecord, aClub(id))).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    await expect(ops.updateRecord(club.clubRecord, { clubId: `${id}-missing` }, { set: { name: 'x' } })).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    await expect(ops.updateRecord(club.clubRecord, { clubId: id }, { set: { name: 'x' } }, { where: { equals: { updatedAt: 'stale' } } })).rejects.toBeInstanceOf(
      ConditionalCheckFailedException,
    );
    await ops.updateRecord(club.clubRecord, { clubId: id }, { set: { name: 'Новое имя', updatedAt: '2026-12-02T00:00:00.000Z' } }, { where: { equals: { updatedAt: at } } });
    const read = await ops.getRecord(club.clubRecord, { clubId: id }, { consistent: true });
    expect(read).toMatchObject({ clubId: id, name: 'Новое имя', currency: 'RUB' });
    expect(read).not.toHaveProperty('pk');
    expect(read).not.toHaveProperty('__edb_e__');
    expect(await ops.getRecord(club.clubRecord, { clubId: id }, { attributes: ['suspended'], consistent: true })).toEqual({ suspended: false });
  });

  it('an update lists a record in a sparse index and takes it out again', async () => {
    const clubId = `c-${randomUUID()}`;
    const tournamentId = 't1';
    const key = `${randomUUID()}#${tournamentId}`;
    await ops.putRecord(tournament.tournamentRecord, { clubId, tournamentId, version: 1, status: 'draft', name: 'Friday', startsAt: at, updatedAt: at });
    const listed = () => ops.queryRecords(tournament.tournamentRecord, { index: 'catalog', partition: {}, sortKey: { beginsWith: key } });
    expect((await listed()).data).toEqual([]);
    await ops.updateRecord(tournament.tournamentRecord, { clubId, tournamentId }, { set: { catalogKey: key, status: 'announced' } });
    expect((await listed()).data.map((t) => t.tournamentId)).toEqual([tournamentId]);
    await ops.updateRecord(tournament.tournamentRecord, { clubId, tournamentId }, { remove: ['catalogKey'] });
    expect((await listed()).data).toEqual([]);
    const byClub = await ops.queryRecords(tournament.tournamentRecord, { index: 'byClub', partition: { clubId }, sortKey: { gte: '2026-12-01' } });
    expect(byClub.data.map((t) => t.status)).toEqual(['announced']);
  });

  it('reads only its own kind from a shared partition, in pages with a cursor, counted and filtered', async () => {
    const clubId = `c-${randomUUID()}`;
    await ops.putRecord(club.clubRecord, aClub(clubId));
    for (let i = 0; i < 7; i++) {
      await ops.putRecord(club.memberRecord, { clubId, userId: `u${i}`, role: i % 2 ? 'dealer' : 'cashier', addedBy: 'u0', addedAt: at });
      await ops.putRecord(club.apiKeyRecord, { clubId, keyId: `k${i}`, name: 'desk', role: 'cashier', secretHash: 'h', createdBy: 'u0', createdAt: at });
    }
    const all = await ops.queryRecords(club.memberRecord, { partition: { clubId }, all: true });
    expect(all.data.map((m) => m.userId)).toEqual(['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6']);
    expect(all.cursor).toBeNull();

    const first = await ops.queryRecords(club.memberRecord, { partition: { clubId }, limit: 3, order: 'desc' });
    expect(first.data.map((m) => m.userId)).toEqual(['u6', 'u5', 'u4']);
    const second = await ops.queryRecords(club.memberRecord, { partition: { clubId }, limit: 3, order: 'desc', cursor: first.cursor });
    expect(second.data.map((m) => m.userId)).toEqual(['u3', 'u2', 'u1']);

    const dealers = await ops.queryRecords(club.memberRecord, { partition: { clubId }, filter: { role: 'dealer' }, count: 2 });
    expect(dealers.data.map((m) => m.userId)).toEqual(['u1', 'u3']);
    const rest = await ops.queryRecords(club.memberRecord, { partition: { clubId }, filter: { role: 'dealer' }, count: 2, cursor: dealers.cursor });
    expect(rest.data.map((m) => m.userId)).toEqual(['u5']);

    const found = await ops.getRecords(club.memberRecord, [{ clubId, userId: 'u1' }, { clubId, userId: 'nobody' }, { clubId, userId: 'u2' }]);
    expect(found.map((m) => m.userId).sort()).toEqual(['u1', 'u2']);
    await expect(ops.queryRecords(club.memberRecord, { partition: { clubId }, cursor: 'not a cursor' })).rejects.toMatchObject({ status: 400 });
  });

  it('a transaction writes all or nothing', async () => {
    const clubId = `c-${randomUUID()}`;
    const member = { clubId, userId: 'owner', role: 'owner' as const, addedBy: 'owner', addedAt: at };
    expect(await ops.writeTransaction([{ Put: ops.putRequest(club.clubRecord, aClub(clubId), { itemAbsent: true }) }, { Put: ops.putRequest(club.memberRecord, member, { itemAbsent: true }) }])).toEqual({ canceled: false });
    const again = await ops.writeTransaction([
      { Put: ops.putRequest(club.memberRecord, { ...member, userId: 'second' }, { itemAbsent: true }) },
      { Put: ops.putRequest(club.clubRecord, aClub(clubId), { itemAbsent: true }) },
    ]);
    expect(again).toEqual({ canceled: true });
    expect(await ops.getRecord(club.memberRecord, { clubId, userId: 'second' }, { consistent: true })).toBeNull();
    await ops.deleteRecord(club.memberRecord, { clubId, userId: 'owner' }, { exists: ['userId'] });
    await expect(ops.deleteRecord(club.memberRecord, { clubId, userId: 'owner' }, { exists: ['userId'] })).rejects.toBeInstanceOf(ConditionalCheckFailedException);
  });
});
