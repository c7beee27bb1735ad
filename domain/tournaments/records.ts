import { recordAt, recordValues } from '../core/record-map';
import { lateEntryChips } from '../clock/forced-bets';
import type { Draft } from './draft';
import type { Entry, FeeKind, FeeOperation, Registration } from './types';

/*
 * Record-level building blocks shared by the operations: lookups and the creation of entries and fees.
 * They write into a Draft and emit the matching events; the rule checks stay with the operations.
 * Scans read the record maps' own order (core/record-map.ts), not the object facade.
 */

/** The player's one live (not cancelled) registration, if any. O(registrations). */
export function liveRegistrationOf(registrations: Readonly<Record<string, Registration>>, playerId: string): Registration | undefined {
  for (const r of recordValues(registrations)) if (r.playerId === playerId && r.status !== 'cancelled') return r;
  return undefined;
}

/**
 * Whether a registration occupies one of the seat-limit places (R-REG-2): a place is held from
 * registration until the player's latest entry busts. A knockout frees a place (R-SEAT-6).
 */
export function holdsPlace(r: Registration, entries: Readonly<Record<string, Entry>>): boolean {
  switch (r.status) {
    case 'registered':
    case 'absent':
      return true;
    case 'checked_in':
      return r.entryId !== undefined && recordAt(entries, r.entryId)?.status === 'active';
    default:
      return false;
  }
}

export function heldPlaces(d: Draft): number {
  const entries = d.all('entries');
  const registrations = d.all('registrations');
  let n = 0;
  for (const r of recordValues(registrations)) if (holdsPlace(r, entries)) n++;
  return n;
}

/** How many uncancelled fee operations of one kind the player has (R-ADDON-3, rebuy limit). */
export function countFees(d: Draft, playerId: string, kind: FeeKind): number {
  const fees = d.all('fees');
  let n = 0;
  for (const f of recordValues(fees)) if (f.playerId === playerId && f.kind === kind && f.cancelledAt === undefined) n++;
  return n;
}

export function addEntry(d: Draft, reg: Registration, number: number, opts: { deadStack: boolean; chips?: number }): Entry {
  const entry: Entry = {
    id: d.ctx.newId('ent'),
    playerId: reg.playerId,
    registrationId: reg.id,
    number,
    status: 'active',
    chips: opts.chips ?? d.settings.startingStack,
    createdAt: d.ctx.now,
    ...(opts.deadStack ? { deadStack: true, deadStackFrom: d.forcedBetsPosted } : {}),
  };
  d.put('entries', entry);
  d.emit({
    type: 'entry.created',
    entryId: entry.id,
    playerId: entry.playerId,
    registrationId: reg.id,
    number,
    chips: entry.chips,
    seatNow: d.status === 'running',
    deadStack: opts.deadStack,
  });
  return entry;
}

/** Records one fee as debt (R-REG-3 postpayment, R-FEE-1). */
export function addFee(d: Draft, entry: Entry, kind: FeeKind, amount: number, chips: number, ticketId?: string): FeeOperation {
  const fee: FeeOperation = {
    id: d.ctx.newId('fee'),
    playerId: entry.playerId,
    entryId: entry.id,
    kind,
    amount,
    chips,
    at: d.ctx.now,
    by: d.ctx.actor.id,
    ...(ticketId !== undefined ? { cover: 'ticket' as const, ticketId } : {}),
  };
  d.put('fees', fee);
  d.emit({ type: 'fee.recorded', feeOperationId: fee.id, playerId: fee.playerId, entryId: entry.id, kind, amount });
  return fee;
}

/** The first buy-in of a registration: a free entry it presented covers it, so no debt accrues (R-TICKET-3). */
export function addBuyIn(d: Draft, entry: Entry, reg: Registration, chips: number): FeeOperation {
  return reg.ticketId !== undefined
    ? addFee(d, entry, 'buy_in', 0, chips, reg.ticketId)
    : addFee(d, entry, 'buy_in', d.settings.buyIn, chips);
}

/**
 * R-LATE-1: the standard starting stack; a late entrant (the tournament is running) of a tournament set
 * to `minus_forced_bets` gets it less the forced bets one seat has posted so far, never below the floor.
 */
export function firstEntryChips(d: Draft): number {
  const stack = d.settings.startingStack;
  if (d.status !== 'running' || d.settings.lateEntryStack !== 'minus_forced_bets') return stack;
  return lateEntryChips(stack, d.forcedBetsPosted);
}

/**
 * The first buy-in happens at check-in: the player sits without paying and the buy-in accrues as debt
 * (R-REG-3). Creates entry 1 with the standard starting stack (R-LATE-1) and its buy-in fee.
 */
export function admit(d: Draft, reg: Registration): Registration {
  const entry = addEntry(d, reg, 1, { deadStack: false, chips: firstEntryChips(d) });
  addBuyIn(d, entry, reg, entry.chips);
  const admitted: Registration = {
    ...reg,
    status: 'checked_in',
    checkedInAt: reg.checkedInAt ?? d.ctx.now,
    checkedInBy: reg.checkedInBy ?? d.ctx.actor.id,
    entryId: entry.id,
  };
  d.put('registrations', admitted);
  return admitted;
}
