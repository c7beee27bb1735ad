/**
 * The record definitions (functions/store/records) write and find the items the ElectroDB models of
 * this table wrote and found (test/support/electrodb-models): the same primary keys, index keys and
 * identity attributes. Items stored before the functions dropped ElectroDB stay readable and listed.
 */
import { Service } from 'electrodb';
import { describe, expect, it } from 'vitest';
import * as models from '../../support/electrodb-models';
import { apiKeyRecord, blindStructureRecord, clubRecord, memberRecord, moderationRecord } from '../../../functions/store/records/club';
import { notificationRecord, playerRecord } from '../../../functions/store/records/player';
import { scheduleNameRecord, scheduleRecord } from '../../../functions/store/records/schedule';
import { playerRegistrationRecord, tournamentPartRecord, tournamentRecord } from '../../../functions/store/records/tournament';
import { clubVerificationRecord, registryCacheRecord, verificationLogRecord } from '../../../functions/store/records/verification';
import { itemOf, recordOf, type Item, type RecordType } from '../../../functions/store/table/record-type';
import { Placeholders, updateText } from '../../../functions/store/table/expressions';

const TABLE = 'layout';
const service = new Service(
  {
    club: models.clubEntity,
    member: models.memberEntity,
    apiKey: models.apiKeyEntity,
    blindStructure: models.blindStructureEntity,
    moderation: models.moderationEntity,
    player: models.playerEntity,
    notification: models.notificationEntity,
    schedule: models.scheduleEntity,
    scheduleName: models.scheduleNameEntity,
    tournament: models.tournamentEntity,
    tournamentPart: models.tournamentPartEntity,
    playerRegistration: models.playerRegistrationEntity,
    clubVerification: models.clubVerificationEntity,
    verificationLog: models.verificationLogEntity,
    registryCache: models.registryCacheEntity,
  },
  { table: TABLE },
);
type Model = (typeof service.entities)[keyof typeof service.entities];
interface ModelOps {
  put: (r: object) => { params: () => { Item: Item } };
  get: (k: object) => { params: () => { Key: Item } };
}
const ops = (m: Model) => m as unknown as ModelOps;

const at = '2026-12-01T10:00:00.000Z';
const cases: { name: string; type: RecordType<object, never, string>; model: Model; record: Record<string, unknown> }[] = [
  { name: 'club', type: clubRecord as never, model: service.entities.club, record: { clubId: 'c1', name: 'Клуб', city: 'Москва', address: 'a', legalForm: 'ul', inn: '7707083893', ogrn: '1027700132195', attestation: { by: 'u1' }, catalogKey: 'москва#клуб#c1', createdBy: 'u1', createdAt: at, updatedAt: at } },
  { name: 'unlisted club', type: clubRecord as never, model: service.entities.club, record: { clubId: 'c2', name: 'B', city: 'X', address: 'a', legalForm: 'ip', inn: '1', ogrn: '2', attestation: {}, suspended: true, createdBy: 'u1', createdAt: at, updatedAt: at } },
  { name: 'member', type: memberRecord as never, model: service.entities.member, record: { clubId: 'c1', userId: 'u2', role: 'dealer', addedBy: 'u1', addedAt: at } },
  { name: 'api key', type: apiKeyRecord as never, model: service.entities.apiKey, record: { clubId: 'c1', keyId: 'k1', name: 'desk', role: 'cashier', secretHash: 'h', createdBy: 'u1', createdAt: at } },
  { name: 'blind structure', type: blindStructureRecord as never, model: service.entities.blindStructure, record: { clubId: 'c1', structureId: 's1', name: 'Turbo', anteType: 'bb', levels: [{ sb: 100 }], version: 1, createdBy: 'u1', createdAt: at, updatedAt: at } },
  { name: 'moderation', type: moderationRecord as never, model: service.entities.moderation, record: { targetKey: 'club#c1', actionId: 'm1', at, action: 'hide', reason: 'r', by: 'op', kind: 'tournament', tournamentId: 't1' } },
  { name: 'player', type: playerRecord as never, model: service.entities.player, record: { userId: 'p1', displayName: 'Ann', dateOfBirth: '1990-01-01', adult: true, consentAt: at, createdAt: at, updatedAt: at } },
  { name: 'notification', type: notificationRecord as never, model: service.entities.notification, record: { playerId: 'p1', at, notificationId: 'n1', type: 'seat', clubId: 'c1', tournamentId: 't1', title: 'Seat', data: { table: 1 }, expiresAt: 1_800_000_000 } },
  { name: 'schedule', type: scheduleRecord as never, model: service.entities.schedule, record: { slot: `${at}#job`, name: 'job', dueAt: at, payload: { kind: 'level' } } },
  { name: 'schedule name', type: scheduleNameRecord as never, model: service.entities.scheduleName, record: { name: 'job', slot: `${at}#job` } },
  { name: 'tournament root', type: tournamentRecord as never, model: service.entities.tournament, record: { clubId: 'c1', tournamentId: 't1', version: 3, status: 'announced', name: 'Friday', startsAt: at, city: 'Москва', catalogKey: `${at}#t1`, settings: '{}', updatedAt: at } },
  { name: 'tournament part', type: tournamentPartRecord as never, model: service.entities.tournamentPart, record: { clubId: 'c1', tournamentId: 't1', part: 'meta', body: '{}', writtenAt: 2 } },
  { name: 'registration row', type: playerRegistrationRecord as never, model: service.entities.playerRegistration, record: { clubId: 'c1', tournamentId: 't1', playerId: 'p1', registrationId: 'r1', registrationStatus: 'registered', eliminated: false, registeredAt: at, tableNumber: 2, seatNumber: 5 } },
  { name: 'queued verification', type: clubVerificationRecord as never, model: service.entities.clubVerification, record: { clubId: 'c1', status: 'review', attempt: 1, rev: 2, queueStatus: 'review', queueSort: `${at}#c1`, updatedAt: at } },
  { name: 'verification log', type: verificationLogRecord as never, model: service.entities.verificationLog, record: { clubId: 'c1', at, logId: 'l1', type: 'verification.requested', attempt: 1, by: 'u1', reasons: ['x'] } },
  { name: 'registry answer', type: registryCacheRecord as never, model: service.entities.registryCache, record: { cacheKey: 'registry#egrul#7707083893', answer: { ok: true }, expiresAt: 1_800_000_000 } },
];

describe('records keep the table layout the ElectroDB models wrote', () => {
  it.each(cases)('$name: the whole item, its key, and the record read back', ({ type, model, record }) => {
    const item = itemOf(type, record);
    expect(item).toEqual(ops(model).put(record).params().Item);
    expect(type.key(record as never)).toEqual(ops(model).get(record).params().Key);
    expect(recordOf(type, item)).toEqual({ ...type.defaults, ...record });
  });

  it('a record of another kind in the same partition is not read as this one', () => {
    const member = itemOf(memberRecord, { clubId: 'c1', userId: 'u2', role: 'dealer', addedBy: 'u1', addedAt: at });
    expect(recordOf(clubRecord, member)).toBeNull();
    expect(recordOf(memberRecord, member, true)).not.toBeNull();
    expect(recordOf(memberRecord, { pk: 'club#c1', sk: 'member#u2' }, true)).toBeNull();
  });

  it('queries find what the models queried: partition, sort-key prefix and index keys', () => {
    const memberQuery = service.entities.member.query.primary({ clubId: 'c1' }).params() as { ExpressionAttributeValues: Record<string, string> };
    expect(memberRecord.partition({ clubId: 'c1' })).toBe(memberQuery.ExpressionAttributeValues[':pk']);
    expect(memberRecord.skPrefix).toBe(memberQuery.ExpressionAttributeValues[':sk1']);
    const byPlayer = service.entities.playerRegistration.query.byPlayer({ playerId: 'p1' }).params() as { ExpressionAttributeValues: Record<string, string>; IndexName: string };
    expect(playerRegistrationRecord.indexes.byPlayer.pk({ playerId: 'p1' })).toBe(byPlayer.ExpressionAttributeValues[':pk']);
    expect(playerRegistrationRecord.indexes.byPlayer.name).toBe(byPlayer.IndexName);
    const byClub = service.entities.tournament.query.byClub({ clubId: 'c1' }).gte({ startsAt: at }).params() as { ExpressionAttributeValues: Record<string, string>; IndexName: string };
    expect(tournamentRecord.indexes.byClub.pk({ clubId: 'c1' })).toBe(byClub.ExpressionAttributeValues[':pk']);
    expect(byClub.ExpressionAttributeValues[':sk1']).toBe(at);
    const queue = service.entities.clubVerification.query.queue({ queueStatus: 'review' }).params() as { ExpressionAttributeValues: Record<string, string>; IndexName: string };
    expect(clubVerificationRecord.indexes.queue.pk({ queueStatus: 'review' })).toBe(queue.ExpressionAttributeValues[':pk']);
  });

  it('an update keeps the index keys: a listing writes both catalogue keys, an unlisting removes them', () => {
    const list = new Placeholders();
    const listed = updateText(tournamentRecord, { clubId: 'c1', tournamentId: 't1' }, { set: { catalogKey: `${at}#t1`, status: 'announced' } }, list);
    const set = Object.fromEntries(
      [...listed.matchAll(/(#n\d+) = (:v\d+)/g)].map(([, n, v]) => [list.names[n as string], list.values[v as string]]),
    );
    expect(set).toMatchObject({ gsi2pk: 'catalog#tournaments', gsi2sk: `${at}#t1`, catalogKey: `${at}#t1`, __edb_e__: 'tournament', __edb_v__: '1', clubId: 'c1', tournamentId: 't1' });

    const unlist = new Placeholders();
    const unlisted = updateText(tournamentRecord, { clubId: 'c1', tournamentId: 't1' }, { remove: ['catalogKey'] }, unlist);
    const removed = /REMOVE (.*)$/.exec(unlisted)?.[1]?.split(', ').map((n) => unlist.names[n]);
    expect(removed).toEqual(['catalogKey', 'gsi2pk', 'gsi2sk']);
  });

  it('refuses to change a key attribute, and an index key it cannot complete', () => {
    expect(() => updateText(memberRecord, { clubId: 'c1', userId: 'u1' }, { set: { userId: 'u2' } }, new Placeholders())).toThrow(/key attribute userId/);
    expect(() => updateText(tournamentRecord, { clubId: 'c1', tournamentId: 't1' }, { set: { name: 'x' } }, new Placeholders())).not.toThrow();
    expect(() => updateText(playerRegistrationRecord, { clubId: 'c1', tournamentId: 't1', playerId: 'p1' }, { set: { registeredAt: at } }, new Placeholders())).not.toThrow();
  });
});
