import { randomUUID } from 'node:crypto';
import { entities } from '../../store/entities';
import type { TransactPut } from '../../store/entities/items';
import { BY_KEY, requireEvent, type TransactItem } from './command';
import type { Role } from '../../../domain/core/context';

/*
 * R-DUP-2: which staff roles a club grants the deck sheets, and the audit of every read of a round's cards
 * (who, in which role, when, which view).
 */

/** The roles the club grants the deck sheets; the owner only until the club says otherwise. */
export const DEFAULT_DECK_ROLES: readonly Role[] = ['owner'];

export interface DeckGrant {
  roles: Role[];
  updatedAt: number | null;
  updatedBy: string | null;
}

export async function getDeckAccess(clubId: string): Promise<DeckGrant> {
  const { data } = await entities()
    .duplicateDeckAccess.get({ clubId })
    .go({ consistent: true, ...BY_KEY });
  if (!data) return { roles: [...DEFAULT_DECK_ROLES], updatedAt: null, updatedBy: null };
  return { roles: data.roles as Role[], updatedAt: data.updatedAt, updatedBy: data.updatedBy };
}

/** Grants the deck sheets to `roles`; the owner always keeps them. Answers the grant as stored. */
export async function setDeckAccess(clubId: string, roles: readonly Role[], actorId: string, at: number): Promise<DeckGrant> {
  const granted = [...new Set<Role>(['owner', ...roles])];
  await entities().duplicateDeckAccess.put({ clubId, roles: granted, updatedBy: actorId, updatedAt: at }).go();
  return { roles: granted, updatedAt: at, updatedBy: actorId };
}

export interface DeckRead {
  round: number;
  actorId: string;
  role: string;
  at: number;
  what: string;
}

/** The record of one read of a round's cards, as a transaction item. */
export const deckReadCreate = (clubId: string, eventId: string, r: DeckRead): TransactItem => ({
  Put: entities()
    .duplicateDeckRead.create(deckRead(clubId, eventId, r))
    .params<TransactPut>(),
});

const deckRead = (clubId: string, eventId: string, r: DeckRead) => ({
  clubId,
  eventId,
  readId: `${new Date(r.at).toISOString()}#${randomUUID()}`,
  ...r,
});

/** Every read of cards leaves a record before the cards are answered. */
export async function auditDeckRead(clubId: string, eventId: string, r: DeckRead): Promise<void> {
  await entities()
    .duplicateDeckRead.create(deckRead(clubId, eventId, r))
    .go();
}

/** Who read the event's cards, oldest first. */
export async function listDeckReads(clubId: string, eventId: string): Promise<DeckRead[]> {
  await requireEvent(clubId, eventId);
  const { data } = await entities()
    .duplicateDeckRead.query.primary({ clubId, eventId })
    .go({ pages: 'all', consistent: true, ...BY_KEY });
  return data.map((i) => ({ round: i.round, actorId: i.actorId, role: i.role, at: i.at, what: i.what }));
}
