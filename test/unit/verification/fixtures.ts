import type { Actor, Context } from '../../../domain/core/context';
import { seededRandom } from '../../../domain/core/random';
import type { ClubIdentity, RegistryAnswer, RegistryRecord } from '../../../domain/verification';

export const NOW = Date.UTC(2025, 0, 15, 9, 0, 0);

export const OWNER: Actor = { id: 'user-owner', role: 'owner' };
export const MODERATOR: Actor = { id: 'user-moderator', role: 'operator' };

export const ctx = (actor: Actor = OWNER, now = NOW): Context => ({ now, actor, rng: seededRandom(1), newId: (p) => `${p}_1` });

export const SBER_CLUB: ClubIdentity = { legalForm: 'ul', inn: '7707083893', ogrn: '1027700132195', name: 'ПАО «Сбербанк России»' };
export const IP_CLUB: ClubIdentity = { legalForm: 'ip', inn: '770100000079', ogrn: '318770000000021', name: 'ИП Петров Пётр Петрович' };

export const sberRecord = (patch: Partial<RegistryRecord> = {}): RegistryRecord => ({
  source: 'egrul',
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: '773601001',
  kind: 'ul',
  fullName: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"',
  shortName: 'ПАО СБЕРБАНК',
  status: 'active',
  registeredOn: '2002-08-16',
  raw: { i: '7707083893', o: '1027700132195', n: 'ПУБЛИЧНОЕ АКЦИОНЕРНОЕ ОБЩЕСТВО "СБЕРБАНК РОССИИ"' },
  ...patch,
});

export const foundAnswer = (record: RegistryRecord, retrievedAt?: number): RegistryAnswer =>
  retrievedAt === undefined
    ? { kind: 'found', source: record.source, record }
    : { kind: 'found', source: record.source, record, retrievedAt };
