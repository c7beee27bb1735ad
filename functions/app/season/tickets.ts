import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Context } from '../../../domain/core/context';
import {
  expireTicket,
  issueTicket,
  returnTicket,
  revokeTicket,
  ticketStatusAt,
  useTicket,
  type Ticket,
  type TicketChange,
  type TicketEvent,
  type TicketStatus,
  type TicketTarget,
} from '../../../domain/season';
import { iso } from '../../platform/domain-context';
import { newId } from '../../runtime/ids';
import { seededRandom } from '../../../domain/core/random';
import { dynamo } from '../../store/client';
import { entities } from '../../store/entities';
import {
  batchGet,
  conditionRefused,
  readCount,
  type TransactDelete,
  type TransactPut,
  type TransactUpdate,
} from '../../store/entities/items';
import type { TicketRow } from '../../store/entities/ticket';
import type { StoredTournament } from '../../store/tournament-store';
import { Conflict, NotFound } from '../../runtime/errors';
import { assertNoMoneyWordingNow } from '../../../domain/text/money-wording';

/*
 * R-TICKET-1..3: free entries in the store. The domain (domain/season/tickets.ts) decides every change;
 * here each change is written on the condition that the stored status is still the one it was decided on,
 * so a ticket is used once however many registrations present it at the same moment.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One line of a ticket's audit: the domain's event, and the reason when a person gave one. */
export type TicketAudit = TicketEvent & { reason?: string };

export const ticketNotFound = (): NotFound => new NotFound('TICKET_NOT_FOUND', 'No such ticket');

const recordOfRow = (row: Pick<TicketRow, 'record'>): Ticket => row.record as Ticket;

/** The ticket as a reader sees it: an issued ticket past its expiry reads expired before the expiry job runs. */
export const ticketAsOf = (t: Ticket, now: number): Ticket => ({ ...t, status: ticketStatusAt(t, now) });

/** The club's ticket, or undefined. */
export async function readTicket(clubId: string, ticketId: string): Promise<(Ticket & { audit: TicketAudit[] }) | undefined> {
  const { data } = await entities().ticket.get({ clubId, ticketId }).go({ consistent: true });
  return data ? { ...recordOfRow(data), audit: data.audit as TicketAudit[] } : undefined;
}

/** The writes of a new ticket: the club's item and the holder's pointer (neither may exist yet). */
export function issueWrites(change: TicketChange, reason?: string): TransactItem[] {
  const t = change.ticket;
  const issuedAt = iso(t.issuedAt);
  const audit: TicketAudit[] = change.event ? [{ ...change.event, ...(reason ? { reason } : {}) }] : [];
  return [
    {
      Put: entities()
        .ticket.create({
          clubId: t.clubId,
          ticketId: t.id,
          holderId: t.holderId,
          status: t.status,
          record: t,
          audit,
          issuedAt,
          updatedAt: issuedAt,
        })
        .params<TransactPut>(),
    },
    { Put: entities().heldTicket.create({ holderId: t.holderId, issuedAt, ticketId: t.id, clubId: t.clubId }).params<TransactPut>() },
  ];
}

/**
 * A change of a stored ticket, on the condition that it still has the status `from` (and, for a return,
 * still covers that registration): the write a registration's or a revocation's transaction carries.
 */
export function changeWrite(change: TicketChange, from: TicketStatus, reason?: string): TransactItem {
  const t = change.ticket;
  const audit: TicketAudit[] = change.event ? [{ ...change.event, ...(reason ? { reason } : {}) }] : [];
  const set = entities()
    .ticket.patch({ clubId: t.clubId, ticketId: t.id })
    .set({
      status: t.status,
      record: t,
      updatedAt: iso(change.event?.at ?? Date.now()),
      ...(t.usedFor ? { usedFor: t.usedFor.registrationId } : {}),
    })
    .append({ audit });
  const usedFor = from === 'used' ? (change.event?.registrationId ?? '') : undefined;
  const update = (t.usedFor ? set : set.remove(['usedFor'])).where((a, op) =>
    usedFor === undefined ? op.eq(a.status, from) : `${op.eq(a.status, from)} AND ${op.eq(a.usedFor, usedFor)}`,
  );
  return { Update: update.params<TransactUpdate>() };
}

async function transact(items: TransactItem[]): Promise<void> {
  await dynamo().doc.send(new TransactWriteCommand({ TransactItems: items }));
}

/** The player must exist and not be erased (R-PD-1): a ticket is issued to a person. */
async function requireHolder(holderId: string): Promise<void> {
  const { data } = await entities()
    .player.get({ userId: holderId })
    .go({ attributes: ['userId', 'deletedAt'] });
  if (!data || data.deletedAt) throw new NotFound('PLAYER_NOT_FOUND', 'No player profile with this id');
}

export interface ManualIssue {
  clubId: string;
  holderId: string;
  target: TicketTarget;
  expiresAt: number;
  /** Why the club grants it: kept in the ticket's source and audit (R-TICKET-2). */
  reason: string;
}

/** R-TICKET-2: the club grants a free entry by hand (owner or manager), audited with who and why. */
export async function issueTicketByHand(command: ManualIssue, ctx: Context): Promise<Ticket> {
  // The holder reads the reason as the ticket's note, and the ticket is good at once: no hold to wait on.
  assertNoMoneyWordingNow('reason', command.reason, 'description', 'reason');
  const change = issueTicket(
    {
      clubId: command.clubId,
      holderId: command.holderId,
      target: command.target,
      expiresAt: command.expiresAt,
      source: { kind: 'manual', note: command.reason },
    },
    ctx,
  );
  await requireHolder(command.holderId);
  await transact(issueWrites(change, command.reason));
  return change.ticket;
}

/** R-TICKET-2: the club revokes an unused ticket; a use that won the race makes it TICKET_USED. */
export async function revokeClubTicket(clubId: string, ticketId: string, reason: string, ctx: Context): Promise<Ticket> {
  for (let attempt = 1; ; attempt++) {
    const t = await readTicket(clubId, ticketId);
    if (!t) throw ticketNotFound();
    const { audit: _audit, ...ticket } = t;
    const change = revokeTicket(ticket, ctx);
    if (!change.event) return change.ticket;
    try {
      await transact([changeWrite(change, ticket.status, reason)]);
      return change.ticket;
    } catch (e) {
      if (!refusedByCondition(e) || attempt >= 3) throw e;
    }
  }
}

const refusedByCondition = (e: unknown): boolean =>
  conditionRefused(e) ||
  ((e as { name?: string }).name === 'TransactionCanceledException' &&
    ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed'));

export interface TicketPage {
  items: Ticket[];
  cursor: string | null;
}

/** The club's tickets (optionally of one status as read now), in id order. */
export async function clubTickets(
  clubId: string,
  opts: { status?: TicketStatus | undefined; size: number; after: string | null },
  now: number,
): Promise<TicketPage> {
  // `status` is stored as written; an issued ticket past its expiry is read as expired, so the filter
  // on the stored status is widened to issued for "expired" and narrowed by expiry after the read.
  const stored = opts.status === 'expired' ? undefined : opts.status;
  const { data, cursor } = await readCount(opts.size, opts.after, async (limit, at) => {
    const query = entities().ticket.query.primary({ clubId });
    const filtered = stored ? query.where((a, op) => op.eq(a.status, stored as TicketStatus)) : query;
    const page = await filtered.go({ limit, cursor: at });
    const items = page.data.map(recordOfRow).map((t) => ticketAsOf(t, now));
    return { data: opts.status ? items.filter((t) => t.status === opts.status) : items, cursor: page.cursor };
  });
  return { items: data, cursor };
}

/** The player's tickets across clubs, newest first: the pointers, then one batch of the tickets. */
export async function myTickets(holderId: string, opts: { size: number; after: string | null }, now: number): Promise<TicketPage> {
  const page = await entities().heldTicket.query.primary({ holderId }).go({ order: 'desc', limit: opts.size, cursor: opts.after });
  const keys = page.data.map((p) => ({ clubId: p.clubId, ticketId: p.ticketId }));
  const rows = await batchGet(keys, (batch) => entities().ticket.get(batch).go({ unprocessed: 'item' }));
  const byId = new Map(rows.map((r) => [r.ticketId, recordOfRow(r)]));
  const items = page.data.flatMap((p) => {
    const t = byId.get(p.ticketId);
    return t ? [ticketAsOf(t, now)] : [];
  });
  return { items, cursor: page.cursor };
}

/** What a registration presenting a ticket reads first: the ticket, refused at once when it is not there. */
export async function ticketToUse(clubId: string, ticketId: string): Promise<Ticket> {
  const t = await readTicket(clubId, ticketId);
  if (!t) throw ticketNotFound();
  const { audit: _audit, ...ticket } = t;
  return ticket;
}

/** R-TICKET-3: the ticket used for the registration just decided (refused with the domain's codes). */
export function useForRegistration(
  ticket: Ticket,
  next: StoredTournament,
  reg: { id: string; playerId: string },
  ctx: Context,
): TicketChange {
  const seriesId = next.seriesId;
  return useTicket(
    ticket,
    { clubId: next.clubId, tournamentId: next.id, ...(seriesId ? { seriesId } : {}), playerId: reg.playerId, registrationId: reg.id },
    ctx,
  );
}

/**
 * R-TICKET-3: the registration the ticket covered was cancelled; before the start the ticket is issued
 * again (after it, it stays used). `before` is the tournament as it was before the cancellation.
 */
export async function ticketReturnOnCancel(
  before: StoredTournament,
  registrationId: string,
  ctx: Context,
): Promise<TicketChange | undefined> {
  const ticketId = before.registrations[registrationId]?.ticketId;
  if (!ticketId || (before.status !== 'announced' && before.status !== 'registration_open')) return undefined;
  const t = await readTicket(before.clubId, ticketId);
  if (!t) return undefined;
  const { audit: _audit, ...ticket } = t;
  const change = returnTicket(ticket, { registrationId, tournamentStatus: before.status }, ctx);
  return change.event ? change : undefined;
}

/** The refusal of a registration whose ticket write lost: another registration used it meanwhile. */
export const ticketUsedMeanwhile = (): Conflict => new Conflict('TICKET_USED', 'The ticket is already used');

/** Who revokes the tickets of an erased account: the erasure itself, on the holder's request (R-PD-1). */
export const ERASURE_ACTOR = { id: 'system:erasure', role: 'manager' } as const;
/** The reason an erasure writes on the tickets it revokes. */
export const ERASURE_REASON = 'account erased (R-PD-1)';

/**
 * R-PD-1: one pass over an erased holder's tickets until `deadline`: true once none is left. An unused
 * ticket is revoked (a free entry is a right of a person, and the person is gone; it has no value to keep,
 * R-MONEY-1); one past its expiry is written expired. Each ticket stays the club's record under the holder's
 * id only, as registrations do; the holder's pointer (the player's index of tickets) goes in the same write.
 * A ticket changed meanwhile (used, revoked by the club) fails its condition and is looked at again.
 */
export async function forgetHeldTicketsPass(holderId: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const page = await entities().heldTicket.query.primary({ holderId }).go({ limit: 25 });
    if (page.data.length === 0) return true;
    for (const pointer of page.data) {
      const now = Date.now();
      const ctx: Context = { now, actor: { ...ERASURE_ACTOR }, rng: seededRandom(now), newId: (prefix) => newId(prefix, now) };
      const forget: TransactItem = { Delete: entities().heldTicket.delete(pointer).params<TransactDelete>() };
      const row = await readTicket(pointer.clubId, pointer.ticketId);
      const change = row && row.status === 'issued' ? closeUnused(row, ctx) : undefined;
      try {
        await transact(change?.event ? [changeWrite(change, 'issued', ERASURE_REASON), forget] : [forget]);
      } catch (e) {
        if (!refusedByCondition(e)) throw e;
      }
    }
  }
  return false;
}

/** An issued ticket of an erased holder: expired when its time is past (written as the reader sees it), else revoked. */
function closeUnused(t: Ticket & { audit?: unknown }, ctx: Context): TicketChange {
  const { audit: _audit, ...ticket } = t;
  return ticketStatusAt(ticket, ctx.now) === 'expired' ? expireTicket(ticket, ctx) : revokeTicket(ticket, ctx);
}
