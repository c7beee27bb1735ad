/**
 * The club's own partition `club#<clubId>`: its profile, members, API keys, blind structures and
 * verification (verification.ts). Every club-owned partition key starts with `club#<clubId>`: no query
 * reaches another club without naming it.
 */
import { defineRecord } from '../table/record-type';

export type StaffRole = 'owner' | 'manager' | 'dealer' | 'cashier';

export interface ClubRow {
  clubId: string;
  name: string;
  city: string;
  address: string;
  legalForm: 'ul' | 'ip';
  inn: string;
  ogrn: string;
  kpp?: string;
  contacts?: unknown;
  currency: string;
  /** R-CLUB-2: the attestation with who and when. */
  attestation: unknown;
  verificationStatus: string;
  suspended: boolean;
  suspendedReason?: string;
  /**
   * `<city>#<name>#<clubId>` normalised (see club-catalog.ts) while the club is listed in the public
   * catalogue (R-CLUB-1); absent while suspended, so the sparse index drops it (R-MOD-1, R-CLUB-4).
   */
  catalogKey?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

const listed = (r: { catalogKey?: string | undefined }) => typeof r.catalogKey === 'string' && r.catalogKey.length > 0;

export const clubRecord = defineRecord<ClubRow, 'clubId', 'catalog'>({
  entity: 'club',
  attributes: {
    clubId: true, name: true, city: true, address: true, legalForm: true, inn: true, ogrn: true, kpp: true, contacts: true, currency: true,
    attestation: true, verificationStatus: true, suspended: true, suspendedReason: true, catalogKey: true, createdBy: true, createdAt: true, updatedAt: true,
  },
  keyAttributes: ['clubId'],
  partition: (r) => `club#${r.clubId}`,
  sort: () => 'profile',
  skPrefix: 'profile',
  indexes: {
    catalog: { name: 'gsi2', pk: () => 'catalog#clubs', sk: (r) => `${r.catalogKey}`, composites: ['catalogKey'], when: listed },
  },
  defaults: { currency: 'RUB', verificationStatus: 'unverified', suspended: false },
});

export interface MemberRow {
  clubId: string;
  userId: string;
  role: StaffRole;
  displayName?: string;
  addedBy: string;
  addedAt: string;
}

export const memberRecord = defineRecord<MemberRow, 'clubId' | 'userId', 'byUser'>({
  entity: 'member',
  attributes: { clubId: true, userId: true, role: true, displayName: true, addedBy: true, addedAt: true },
  keyAttributes: ['clubId', 'userId'],
  partition: (r) => `club#${r.clubId}`,
  sort: (r) => `member#${r.userId}`,
  skPrefix: 'member#',
  indexes: {
    byUser: { name: 'gsi1', pk: (r) => `user#${r.userId}`, sk: (r) => `member#${r.clubId}`, composites: ['userId', 'clubId'] },
  },
});

export interface ApiKeyRow {
  clubId: string;
  keyId: string;
  name: string;
  role: StaffRole;
  secretHash: string;
  createdBy: string;
  createdAt: string;
  revokedAt?: string;
  revokedBy?: string;
}

export const apiKeyRecord = defineRecord<ApiKeyRow, 'clubId' | 'keyId'>({
  entity: 'apiKey',
  attributes: { clubId: true, keyId: true, name: true, role: true, secretHash: true, createdBy: true, createdAt: true, revokedAt: true, revokedBy: true },
  keyAttributes: ['clubId', 'keyId'],
  partition: (r) => `club#${r.clubId}`,
  sort: (r) => `apikey#${r.keyId}`,
  skPrefix: 'apikey#',
});

export interface BlindStructureRow {
  clubId: string;
  structureId: string;
  name: string;
  anteType: 'none' | 'classic' | 'bb';
  levels: unknown;
  copiedFrom?: string;
  version: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export const blindStructureRecord = defineRecord<BlindStructureRow, 'clubId' | 'structureId'>({
  entity: 'blindStructure',
  attributes: { clubId: true, structureId: true, name: true, anteType: true, levels: true, copiedFrom: true, version: true, createdBy: true, createdAt: true, updatedAt: true },
  keyAttributes: ['clubId', 'structureId'],
  partition: (r) => `club#${r.clubId}`,
  sort: (r) => `structure#${r.structureId}`,
  skPrefix: 'structure#',
});

/** R-MOD-1: what an operator hid or restored, kept in the partition of what it concerns. */
export interface ModerationRow {
  targetKey: string;
  actionId: string;
  at: string;
  action: string;
  reason: string;
  by: string;
  kind?: string;
  tournamentId?: string;
  itemId?: string;
}

export const moderationRecord = defineRecord<ModerationRow, 'targetKey' | 'at' | 'actionId'>({
  entity: 'moderation',
  attributes: { targetKey: true, actionId: true, at: true, action: true, reason: true, by: true, kind: true, tournamentId: true, itemId: true },
  keyAttributes: ['targetKey', 'at', 'actionId'],
  partition: (r) => `${r.targetKey}`,
  sort: (r) => `moderation#${r.at}#${r.actionId}`,
  skPrefix: 'moderation#',
});
