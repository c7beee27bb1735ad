/** The player's own partition `player#<userId>`: the profile and the personal notification feed. */
import { defineRecord } from '../table/record-type';

/** A player's own profile; it belongs to the person, not to a club. */
export interface PlayerRow {
  userId: string;
  displayName: string;
  /** Erased when the player deletes the account (R-PD-1); `adult` keeps the fact of the age check. */
  firstName?: string;
  lastName?: string;
  dateOfBirth?: string;
  /** R-AGE-1 was checked at sign-up; what remains of the date of birth after deletion. */
  adult?: boolean;
  city?: string;
  phone?: string;
  email?: string;
  consentAt: string;
  /** R-PD-1: consent withdrawn and personal fields erased; the id stays for the records the law keeps. */
  consentWithdrawnAt?: string;
  deletedAt?: string;
  suspended: boolean;
  suspendedReason?: string;
  /** R-MOD-1: set while the operator hides the display name from public views. */
  displayNameHiddenReason?: string;
  createdAt: string;
  updatedAt: string;
}

export const playerRecord = defineRecord<PlayerRow, 'userId'>({
  entity: 'player',
  attributes: {
    userId: true, displayName: true, firstName: true, lastName: true, dateOfBirth: true, adult: true, city: true, phone: true, email: true, consentAt: true,
    consentWithdrawnAt: true, deletedAt: true, suspended: true, suspendedReason: true, displayNameHiddenReason: true, createdAt: true, updatedAt: true,
  },
  keyAttributes: ['userId'],
  partition: (r) => `player#${r.userId}`,
  sort: () => 'profile',
  skPrefix: 'profile',
  defaults: { suspended: false },
});

/**
 * One entry of a player's feed (GET /v1/me/notifications), newest first by its sort key. It expires
 * through the table's TTL attribute; TTL deletes lazily, so reads filter expired items themselves.
 * The id is deterministic per event, so publishing the same event twice writes the same item.
 */
export interface NotificationRow {
  playerId: string;
  at: string;
  notificationId: string;
  type: string;
  clubId: string;
  tournamentId: string;
  title: string;
  data: unknown;
  /** Epoch seconds: the table's TTL attribute. */
  expiresAt: number;
}

export const notificationRecord = defineRecord<NotificationRow, 'playerId' | 'at' | 'notificationId'>({
  entity: 'notification',
  attributes: { playerId: true, at: true, notificationId: true, type: true, clubId: true, tournamentId: true, title: true, data: true, expiresAt: true },
  keyAttributes: ['playerId', 'at', 'notificationId'],
  partition: (r) => `player#${r.playerId}`,
  sort: (r) => `notif#${r.at}#${r.notificationId}`,
  skPrefix: 'notif#',
});
