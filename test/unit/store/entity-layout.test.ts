/**
 * The stored key layout of every entity (functions/store/entities): the literal primary and index keys and
 * identity attributes of sample items. Items already in the table were written with these keys, so a change
 * here is a data migration, never a refactoring.
 */
import { describe, expect, it } from 'vitest';
import { store } from '../../../functions/store/entities';

type Item = Record<string, unknown>;
const at = '2026-12-01T10:00:00.000Z';
const KEY_FIELDS = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', '__edb_e__', '__edb_v__'];
const keysOf = (item: Item) => Object.fromEntries(Object.entries(item).filter(([f]) => KEY_FIELDS.includes(f)));
const identity = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });

interface Writable {
  put: (r: object) => { params: <P>() => P };
  get: (k: object) => { params: <P>() => P };
}
const entity = (name: string) => (store().entities as unknown as Record<string, Writable>)[name]!;

const cases: { name: string; entity: string; record: Item; keys: Item }[] = [
  {
    name: 'listed club',
    entity: 'club',
    record: {
      clubId: 'c1',
      name: 'Клуб',
      city: 'Москва',
      address: 'a',
      legalForm: 'ul',
      inn: '7707083893',
      ogrn: '1027700132195',
      attestation: {},
      catalogKey: 'москва#клуб#c1',
      createdBy: 'u1',
      createdAt: at,
      updatedAt: at,
    },
    keys: { pk: 'club#c1', sk: 'profile', gsi2pk: 'catalog#clubs', gsi2sk: 'москва#клуб#c1', ...identity('club') },
  },
  {
    name: 'unlisted club',
    entity: 'club',
    record: {
      clubId: 'c2',
      name: 'B',
      city: 'X',
      address: 'a',
      legalForm: 'ip',
      inn: '1',
      ogrn: '2',
      attestation: {},
      suspended: true,
      createdBy: 'u1',
      createdAt: at,
      updatedAt: at,
    },
    keys: { pk: 'club#c2', sk: 'profile', ...identity('club') },
  },
  {
    name: 'member',
    entity: 'member',
    record: { clubId: 'c1', userId: 'u2', role: 'dealer', addedBy: 'u1', addedAt: at },
    keys: { pk: 'club#c1', sk: 'member#u2', gsi1pk: 'user#u2', gsi1sk: 'member#c1', ...identity('member') },
  },
  {
    name: 'api key',
    entity: 'apiKey',
    record: { clubId: 'c1', keyId: 'k1', name: 'desk', role: 'cashier', secretHash: 'h', createdBy: 'u1', createdAt: at },
    keys: { pk: 'club#c1', sk: 'apikey#k1', ...identity('apiKey') },
  },
  {
    name: 'blind structure',
    entity: 'blindStructure',
    record: {
      clubId: 'c1',
      structureId: 's1',
      name: 'Turbo',
      anteType: 'bb',
      levels: [{ sb: 100 }],
      version: 1,
      createdBy: 'u1',
      createdAt: at,
      updatedAt: at,
    },
    keys: { pk: 'club#c1', sk: 'structure#s1', ...identity('blindStructure') },
  },
  {
    name: 'moderation',
    entity: 'moderation',
    record: { targetKey: 'club#c1', actionId: 'm1', at, action: 'hide', reason: 'r', by: 'op', kind: 'tournament', tournamentId: 't1' },
    keys: { pk: 'club#c1', sk: `moderation#${at}#m1`, ...identity('moderation') },
  },
  {
    name: 'player',
    entity: 'player',
    record: { userId: 'p1', displayName: 'Ann', dateOfBirth: '1990-01-01', adult: true, consentAt: at, createdAt: at, updatedAt: at },
    keys: { pk: 'player#p1', sk: 'profile', ...identity('player') },
  },
  {
    name: 'erasure',
    entity: 'erasure',
    record: { userId: 'p1', requestedAt: at, finishedAt: at },
    keys: { pk: 'player#p1', sk: 'erasure', ...identity('erasure') },
  },
  {
    name: 'notification',
    entity: 'notification',
    record: {
      playerId: 'p1',
      at,
      notificationId: 'n1',
      type: 'seat',
      clubId: 'c1',
      tournamentId: 't1',
      title: 'Seat',
      data: { table: 1 },
      expiresAt: 1_800_000_000,
    },
    keys: { pk: 'player#p1', sk: `notif#${at}#n1`, ...identity('notification') },
  },
  {
    name: 'schedule',
    entity: 'schedule',
    record: { slot: `${at}#job`, name: 'job', dueAt: at, payload: { kind: 'level' } },
    keys: { pk: 'schedules', sk: `${at}#job`, ...identity('schedule') },
  },
  {
    name: 'schedule name',
    entity: 'scheduleName',
    record: { name: 'job', slot: `${at}#job` },
    keys: { pk: 'schedule#job', sk: 'schedule', ...identity('scheduleName') },
  },
  {
    name: 'armed level end',
    entity: 'armedLevelEnd',
    record: { tournamentId: 't1', name: 'lvl-t1-r2-l3', revision: 2, levelIndex: 3 },
    keys: { pk: 'schedule#armed#t1', sk: 'level-end', ...identity('armedLevelEnd') },
  },
  {
    name: 'listed tournament root',
    entity: 'tournament',
    record: {
      clubId: 'c1',
      tournamentId: 't1',
      version: 3,
      status: 'announced',
      name: 'Friday',
      startsAt: at,
      city: 'Москва',
      catalogKey: `${at}#c1#t1`,
      settings: '{}',
      updatedAt: at,
    },
    keys: {
      pk: 'club#c1#t#t1',
      sk: 'meta',
      gsi1pk: 'club#c1#tournaments',
      gsi1sk: `${at}#t1`,
      gsi2pk: 'catalog#tournaments',
      gsi2sk: `${at}#c1#t1`,
      ...identity('tournament'),
    },
  },
  {
    name: 'unlisted tournament root',
    entity: 'tournament',
    record: { clubId: 'c1', tournamentId: 't2', version: 1, status: 'draft', name: 'Friday', startsAt: at, updatedAt: at },
    keys: { pk: 'club#c1#t#t2', sk: 'meta', gsi1pk: 'club#c1#tournaments', gsi1sk: `${at}#t2`, ...identity('tournament') },
  },
  {
    name: 'tournament log event',
    entity: 'tournamentEvent',
    record: { clubId: 'c1', tournamentId: 't1', v: 42, kind: 'tournamentEvent', at: 1_800_000_000_000, w: 'writer', b: '{"p":[],"e":[]}' },
    keys: { pk: 'club#c1#t#t1', sk: 'e#000000000042', ...identity('tournamentEvent') },
  },
  {
    name: 'registration row',
    entity: 'playerRegistration',
    record: {
      clubId: 'c1',
      tournamentId: 't1',
      playerId: 'p1',
      registrationId: 'r1',
      registrationStatus: 'registered',
      eliminated: false,
      registeredAt: at,
      tableNumber: 2,
      seatNumber: 5,
      pv: 4,
    },
    keys: { pk: 'club#c1#t#t1', sk: 'player#p1', gsi1pk: 'player#p1#registrations', gsi1sk: `${at}#t1`, ...identity('playerRegistration') },
  },
  {
    name: 'queued verification',
    entity: 'clubVerification',
    record: { clubId: 'c1', status: 'needs_review', attempt: 1, rev: 2, queueStatus: 'needs_review', queueSort: `${at}#c1`, updatedAt: at },
    keys: { pk: 'club#c1', sk: 'verification', gsi2pk: 'verification#needs_review', gsi2sk: `${at}#c1`, ...identity('clubVerification') },
  },
  {
    name: 'decided verification',
    entity: 'clubVerification',
    record: { clubId: 'c1', status: 'verified', attempt: 1, rev: 3, updatedAt: at },
    keys: { pk: 'club#c1', sk: 'verification', ...identity('clubVerification') },
  },
  {
    name: 'verification log',
    entity: 'verificationLog',
    record: { clubId: 'c1', at, logId: 'l1', type: 'verification.requested', attempt: 1, by: 'u1', reasons: ['x'] },
    keys: { pk: 'club#c1', sk: `verification#log#${at}#l1`, ...identity('verificationLog') },
  },
  {
    name: 'registry answer',
    entity: 'registryCache',
    record: { cacheKey: 'registry#egrul#7707083893', answer: { ok: true }, expiresAt: 1_800_000_000 },
    keys: { pk: 'registry#egrul#7707083893', sk: 'answer', ...identity('registryCache') },
  },
  {
    name: 'ticket',
    entity: 'ticket',
    record: {
      clubId: 'c1',
      ticketId: 'tkt1',
      holderId: 'p1',
      status: 'issued',
      record: { id: 'tkt1' },
      audit: [],
      issuedAt: at,
      updatedAt: at,
    },
    keys: { pk: 'club#c1', sk: 'ticket#tkt1', ...identity('ticket') },
  },
  {
    name: 'held ticket',
    entity: 'heldTicket',
    record: { holderId: 'p1', issuedAt: at, ticketId: 'tkt1', clubId: 'c1' },
    keys: { pk: 'player#p1', sk: `ticket#${at}#tkt1`, ...identity('heldTicket') },
  },
  {
    name: 'live connection',
    entity: 'liveConnection',
    record: { connectionId: 'cn1', kind: 'liveConnection', caller: { kind: 'anonymous' }, topics: [], expiresAt: 1 },
    keys: { pk: 'live#c#cn1', sk: 'c', ...identity('liveConnection') },
  },
  {
    name: 'live subscription',
    entity: 'liveSubscription',
    record: { topic: 'clock:c1/t1', connectionId: 'cn1', kind: 'liveSubscription', caller: { kind: 'user', userId: 'u1' }, expiresAt: 1 },
    keys: { pk: 'live#t#clock:c1/t1', sk: 'cn1', ...identity('liveSubscription') },
  },
  {
    name: 'live topic mark',
    entity: 'liveTopic',
    record: { topic: 'player/p1', kind: 'liveTopic', expiresAt: 1 },
    keys: { pk: 'live#m#player/p1', sk: 'm', ...identity('liveTopic') },
  },
  {
    name: 'live fan-out mark',
    entity: 'liveFanOut',
    record: { clubId: 'c1', tournamentId: 't1', kind: 'liveFanOut', v: 3 },
    keys: { pk: 'live#v#c1/t1', sk: 'v', ...identity('liveFanOut') },
  },
  {
    name: 'push device',
    entity: 'pushDevice',
    record: { playerId: 'p1', deviceId: 'dev_1', kind: 'pushDevice', platform: 'fcm', endpoint: 'arn:e', registeredAt: at, token: 'tk' },
    keys: { pk: 'push#p1', sk: 'd#dev_1', ...identity('pushDevice') },
  },
  {
    name: 'push device count',
    entity: 'pushDeviceCount',
    record: { playerId: 'p1', kind: 'pushDeviceCount', n: 2 },
    keys: { pk: 'push#p1', sk: 'count', ...identity('pushDeviceCount') },
  },
  {
    name: 'push preferences',
    entity: 'pushPreferences',
    record: { playerId: 'p1', kind: 'pushPreferences', muted: ['seat'], updatedAt: at },
    keys: { pk: 'push#p1', sk: 'prefs', ...identity('pushPreferences') },
  },
  {
    name: 'push sent mark',
    entity: 'pushSent',
    record: { playerId: 'p1', notificationId: 'n1', kind: 'pushSent', expiresAt: 1 },
    keys: { pk: 'push#p1', sk: 'sent#n1', ...identity('pushSent') },
  },
  {
    name: 'level push ask',
    entity: 'pushLevelAsk',
    record: { clubId: 'c1', tournamentId: 't1', playerId: 'p1', expiresAt: 1 },
    keys: { pk: 'levelasks#c1#t1', sk: 'p1', ...identity('pushLevelAsk') },
  },
  {
    name: 'push token owner',
    entity: 'pushTokenOwner',
    record: { deviceId: 'dev_1', kind: 'pushTokenOwner', playerId: 'p1' },
    keys: { pk: 'pushToken#dev_1', sk: 'owner', ...identity('pushTokenOwner') },
  },
  {
    name: 'player schedule',
    entity: 'playerSchedule',
    record: { playerId: 'p1', v: 2, regs: { 'c1.t1': { clubId: 'c1', tournamentId: 't1', live: true } } },
    keys: { pk: 'player#p1', sk: 'schedule', ...identity('playerSchedule') },
  },
  {
    name: 'result names',
    entity: 'resultNames',
    record: { clubId: 'c1', tournamentId: 't1', b: '{"p1":"Ann"}' },
    keys: { pk: 'club#c1#t#t1', sk: 'names', ...identity('resultNames') },
  },
  {
    name: 'money review queue item',
    entity: 'moneyReview',
    record: { clubId: 'c1', tournamentId: 't1', name: 'Friday', since: 1_800_000_000_000, items: '[]' },
    keys: { pk: 'money-review', sk: 'c1#t1', ...identity('moneyReview') },
  },
  {
    name: 'snapshot part',
    entity: 'tournamentSnapshotPart',
    record: { clubId: 'c1', tournamentId: 't1', part: 'm#entries#3', pv: 42, kind: 'tournamentSnapshotPart', b: '{}' },
    keys: { pk: 'club#c1#t#t1', sk: 'meta#s#m#entries#3#000000000042', ...identity('tournamentSnapshotPart') },
  },
  {
    name: 'event chunk',
    entity: 'tournamentEventChunk',
    record: { clubId: 'c1', tournamentId: 't1', v: 42, nonce: 'n1', i: 3, kind: 'tournamentEventChunk', c: 'bytes' },
    keys: { pk: 'club#c1#t#t1', sk: 'e#000000000042#n1#0003', ...identity('tournamentEventChunk') },
  },
  {
    name: 'tournament feed',
    entity: 'tournamentFeed',
    record: { clubId: 'c1', tournamentId: 't1', items: [{ notificationId: 'n1' }], expiresAt: 1_800_000_000 },
    keys: { pk: 'club#c1#t#t1', sk: 'feed', ...identity('tournamentFeed') },
  },
  {
    name: 'feed bucket',
    entity: 'feedBucket',
    record: { clubId: 'c1', tournamentId: 't1', bucket: '07', items: [{ ref: 't1.result' }], expiresAt: 1_800_000_000 },
    keys: { pk: 'club#c1#t#t1', sk: 'feed#07', ...identity('feedBucket') },
  },
];

/**
 * Items of the live and push kinds as the table held them before their entities: no ElectroDB identity, and
 * the composite attributes only in the keys. Each entity still reads its own (told by the keys) and none of
 * the others' in the same partition.
 */
const legacy: { entity: string; item: Item; reads: Item }[] = [
  {
    entity: 'liveConnection',
    item: {
      pk: 'live#c#cn1',
      sk: 'c',
      kind: 'liveConnection',
      connectionId: 'cn1',
      caller: { kind: 'anonymous' },
      topics: ['a'],
      expiresAt: 9,
    },
    reads: { connectionId: 'cn1', caller: { kind: 'anonymous' }, topics: ['a'], expiresAt: 9 },
  },
  {
    entity: 'liveSubscription',
    item: { pk: 'live#t#a', sk: 'cn1', kind: 'liveSubscription', caller: { kind: 'user', userId: 'u1' }, expiresAt: 9 },
    reads: { caller: { kind: 'user', userId: 'u1' }, expiresAt: 9 },
  },
  { entity: 'liveFanOut', item: { pk: 'live#v#c1/t1', sk: 'v', v: 4, kind: 'liveFanOut' }, reads: { v: 4 } },
  {
    entity: 'pushDevice',
    item: {
      pk: 'push#p1',
      sk: 'd#dev_1',
      kind: 'pushDevice',
      deviceId: 'dev_1',
      platform: 'apns',
      endpoint: 'e',
      registeredAt: at,
      token: 't',
    },
    reads: { deviceId: 'dev_1', platform: 'apns', endpoint: 'e', registeredAt: at },
  },
  { entity: 'pushDeviceCount', item: { pk: 'push#p1', sk: 'count', kind: 'pushDeviceCount', n: 3 }, reads: { n: 3 } },
  {
    entity: 'pushPreferences',
    item: { pk: 'push#p1', sk: 'prefs', kind: 'pushPreferences', muted: ['seat'], updatedAt: at },
    reads: { muted: ['seat'] },
  },
  {
    entity: 'pushTokenOwner',
    item: { pk: 'pushToken#dev_1', sk: 'owner', kind: 'pushTokenOwner', deviceId: 'dev_1', playerId: 'p1' },
    reads: { deviceId: 'dev_1', playerId: 'p1' },
  },
];

describe('live and push items written before their entities', () => {
  interface Parsing {
    parse: (r: { Item: Item }) => { data: Item | null };
  }
  const parser = (name: string) => (store().entities as unknown as Record<string, Parsing>)[name]!;
  it.each(legacy)('$entity reads its own item and no other kind', ({ entity: name, item, reads }) => {
    expect(parser(name).parse({ Item: item }).data).toMatchObject(reads);
    for (const other of legacy.filter((l) => l.entity !== name)) expect(parser(name).parse({ Item: other.item }).data).toBeNull();
  });
});

describe('the stored key layout of every entity', () => {
  it.each(cases)('$name: keys and identity of the item, its attributes as given, and its get key', ({ entity: name, record, keys }) => {
    const item = entity(name).put(record).params<{ Item: Item }>().Item;
    expect(keysOf(item)).toEqual(keys);
    // Every attribute is stored under its own name (no field renames).
    expect(item).toMatchObject(record);
    expect(entity(name).get(record).params<{ Key: Item }>().Key).toEqual({ pk: keys.pk, sk: keys.sk });
  });

  it('queries read the partitions, sort-key prefixes and index keys the items carry', () => {
    const e = store().entities;
    const values = (p: object) => (p as { ExpressionAttributeValues: Item }).ExpressionAttributeValues;
    expect(values(e.member.query.primary({ clubId: 'c1' }).params())).toEqual({ ':pk': 'club#c1', ':sk1': 'member#' });
    expect(values(e.notification.query.primary({ playerId: 'p1' }).params())).toEqual({ ':pk': 'player#p1', ':sk1': 'notif#' });
    expect(values(e.verificationLog.query.primary({ clubId: 'c1' }).params())).toEqual({ ':pk': 'club#c1', ':sk1': 'verification#log#' });
    expect(e.playerRegistration.query.byPlayer({ playerId: 'p1' }).params()).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': 'player#p1#registrations' },
    });
    expect(e.tournament.query.byClub({ clubId: 'c1' }).gte({ startsAt: at }).params()).toMatchObject({
      IndexName: 'gsi1',
      ExpressionAttributeValues: { ':pk': 'club#c1#tournaments', ':sk1': at },
    });
    expect(e.tournament.query.catalog({}).gte({ catalogKey: at }).params()).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: { ':pk': 'catalog#tournaments', ':sk1': at },
    });
    expect(e.club.query.catalog({}).begins({ catalogKey: 'москва#' }).params()).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: { ':pk': 'catalog#clubs', ':sk1': 'москва#' },
    });
    expect(e.clubVerification.query.queue({ queueStatus: 'pending' }).params()).toMatchObject({
      IndexName: 'gsi2',
      ExpressionAttributeValues: { ':pk': 'verification#pending' },
    });
    expect(values(e.moneyReview.query.primary({}).params())).toEqual({ ':pk': 'money-review' });
  });

  it('an update that lists an item writes both catalogue keys; one that unlists it removes the sort key', () => {
    const e = store().entities;
    const set = (p: object) => {
      const {
        UpdateExpression,
        ExpressionAttributeNames: n,
        ExpressionAttributeValues: v,
      } = p as { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Item };
      const sets = /SET (.*?)(?: REMOVE|$)/.exec(UpdateExpression)?.[1] ?? '';
      return Object.fromEntries(
        sets
          .split(', ')
          .map((s) => s.split(' = '))
          .map(([name, value]) => [n[name!], v[value!]]),
      );
    };
    const listing = e.tournament
      .patch({ clubId: 'c1', tournamentId: 't1' })
      .set({ catalogKey: `${at}#c1#t1`, status: 'announced' })
      .params();
    expect(set(listing)).toMatchObject({
      gsi2pk: 'catalog#tournaments',
      gsi2sk: `${at}#c1#t1`,
      catalogKey: `${at}#c1#t1`,
      clubId: 'c1',
      tournamentId: 't1',
      ...identity('tournament'),
    });
    expect(set(e.club.patch({ clubId: 'c1' }).set({ catalogKey: 'москва#клуб#c1' }).params())).toMatchObject({
      gsi2pk: 'catalog#clubs',
      gsi2sk: 'москва#клуб#c1',
    });
    const unlisting = e.club
      .patch({ clubId: 'c1' })
      .set({ suspended: true })
      .remove(['catalogKey'])
      .params<{ UpdateExpression: string; ExpressionAttributeNames: Record<string, string> }>();
    const removed = /REMOVE (.*)$/
      .exec(unlisting.UpdateExpression)?.[1]
      ?.split(', ')
      .map((n) => unlisting.ExpressionAttributeNames[n]);
    expect(removed).toEqual(['catalogKey', 'gsi2sk']);
  });
});
