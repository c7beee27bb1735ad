import { putRecord, putRecords, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import { indexEntries, type EntryLookup, type EntryRef } from './entry-ref';
import type { ResultsEvent } from './events';
import { activeKnockoutOf, type KillerCredit, type KillerRef, type Knockout, type KnockoutsState } from './state';

/**
 * R-KO-3: with two killers, `both` gives each 0.5 (the target behaviour, our default);
 * `primary_only` keeps the documented legacy behaviour: the first killer gets 0.5, the
 * second is only recorded for the audit.
 */
export type TwoKillerCredit = 'both' | 'primary_only';
export const DEFAULT_TWO_KILLER_CREDIT: TwoKillerCredit = 'both';

/** R-KO-6: "about five minutes" for the dealer to notice a mistake. */
export const DEFAULT_CANCEL_WINDOW_MS = 5 * 60 * 1000;

export interface KnockoutSettings {
  twoKillerCredit?: TwoKillerCredit;
  cancelWindowMs?: number;
}

/** One busted entry of a hand with the one or two killers who busted it (R-KO-4: side pots). */
export interface BustSpec {
  entryId: string;
  /** One or two killer entries; the first is the primary. */
  killers: readonly string[];
}

/**
 * Two forms. `busts`: each busted entry with its own killers. `busted` + `killers` (the original form):
 * every busted entry shares the one killers list. Either way one call is one hand: one elimination
 * number and one group for all its records (R-KO-2, R-KO-4, R-PLC-2).
 */
export interface RecordKnockoutCommand {
  /** The entries busted in this hand: one, or several for a multi-bust (R-KO-4). */
  busted?: readonly string[];
  /** One or two killer entries shared by every entry of `busted`; the first is the primary. */
  killers?: readonly string[];
  busts?: readonly BustSpec[];
  level?: number;
}

export interface RecordKnockoutResult {
  state: KnockoutsState;
  knockouts: Knockout[];
  /** Entries the caller marks busted (and whose seats it frees). */
  bust: string[];
  events: ResultsEvent[];
}

export const MAX_CANCEL_REASON_LENGTH = 500;
/** R-KO-3: one killer, or two sharing the credit. */
export const MAX_KILLERS = 2;

/** The command as one list of busts, whichever form it came in. */
function bustsOf(cmd: RecordKnockoutCommand): { busts: BustSpec[]; field: (i: number) => string } {
  if (cmd.busts !== undefined) {
    if (cmd.busted !== undefined || cmd.killers !== undefined) {
      throw ruleError('KNOCKOUT_FORM_MIXED', 'Give either busts, or busted with killers, not both', [
        { field: 'busts', message: 'not together with busted or killers' },
      ]);
    }
    return { busts: cmd.busts.map((b) => ({ entryId: b.entryId, killers: b.killers })), field: (i) => `busts[${i}].killers` };
  }
  const killers = cmd.killers ?? [];
  return { busts: (cmd.busted ?? []).map((entryId) => ({ entryId, killers })), field: () => 'killers' };
}

export function recordKnockout(
  state: KnockoutsState,
  /** Looked up by id only: a lookup spares a large field a list and an index per knockout. */
  entries: readonly EntryRef[] | EntryLookup,
  cmd: RecordKnockoutCommand,
  ctx: Context,
  settings: KnockoutSettings = {},
): RecordKnockoutResult {
  const { busts, field } = bustsOf(cmd);
  if (busts.length === 0) {
    const f = cmd.busts !== undefined ? 'busts' : 'busted';
    throw ruleError('BUSTED_REQUIRED', 'Name at least one busted entry', [{ field: f, message: 'empty' }]);
  }
  busts.forEach((b, i) => {
    if (b.killers.length === 0) {
      throw ruleError('KILLER_REQUIRED', 'Name the killer entry', [{ field: field(i), message: 'empty' }]);
    }
    if (b.killers.length > MAX_KILLERS) {
      throw ruleError('TOO_MANY_KILLERS', 'At most two killers share a knockout (R-KO-3)', [
        { field: field(i), message: `${b.killers.length} killers, at most ${MAX_KILLERS}` },
      ]);
    }
    if (new Set(b.killers).size !== b.killers.length) throw ruleError('DUPLICATE_ENTRY', 'An entry is named twice in the knockout');
  });
  if (new Set(busts.map((b) => b.entryId)).size !== busts.length) {
    throw ruleError('DUPLICATE_ENTRY', 'An entry is named twice in the knockout');
  }
  if (cmd.level !== undefined && (!Number.isInteger(cmd.level) || cmd.level < 0)) {
    throw ruleError('INVALID_LEVEL', 'The level must be a non-negative integer', [
      { field: 'level', message: 'not a non-negative integer' },
    ]);
  }

  const byId = indexEntries(entries);
  const find = (id: string): EntryRef => {
    const e = byId.get(id);
    if (!e) throw notFound('ENTRY_NOT_FOUND', `Entry ${id} not found`);
    return e;
  };
  const busted = busts.map((b) => find(b.entryId));
  const killersOf = busts.map((b) => b.killers.map(find));

  // R-KO-1: an entry is busted once; a revived entry (cancelled record) may be busted again.
  for (const e of busted) {
    if (e.status !== 'active' || activeKnockoutOf(state, e.id)) {
      const why = e.status === 'active' ? 'already knocked out' : e.status;
      throw conflict('ENTRY_NOT_ACTIVE', `Entry ${e.id} is ${why}`);
    }
  }
  // R-KO-5: by entry and by player, so no entry of a player busted in this hand can be credited.
  const bustedPlayers = new Set(busted.map((e) => e.playerId));
  killersOf.forEach((killers, i) => {
    for (const k of killers) {
      if (bustedPlayers.has(k.playerId)) {
        throw ruleError('SELF_KNOCKOUT', 'A player cannot knock out himself (R-KO-5)', [
          { field: field(i), message: `entry ${k.id} belongs to a busted player` },
        ]);
      }
    }
  });
  for (const k of killersOf.flat()) {
    if (k.status !== 'active') throw conflict('KILLER_NOT_ACTIVE', `Killer entry ${k.id} is ${k.status}`);
  }

  const mode = settings.twoKillerCredit ?? DEFAULT_TWO_KILLER_CREDIT;
  const eliminationNumber = state.nextEliminationNumber;
  const groupId = ctx.newId('kog');
  const recorded: Knockout[] = busted.map((e, i) => {
    const [credited, uncredited] = creditKillers(killersOf[i] ?? [], mode);
    return {
      id: ctx.newId('ko'),
      bustedEntryId: e.id,
      bustedPlayerId: e.playerId,
      eliminationNumber,
      groupId,
      killers: credited,
      uncreditedKillers: uncredited,
      ...(cmd.level !== undefined ? { level: cmd.level } : {}),
      at: ctx.now,
      by: ctx.actor.id,
      status: 'active',
    };
  });

  const knockouts = putRecords(
    state.knockouts,
    recorded.map((k) => [k.id, k] as const),
  );
  return {
    state: { ...state, knockouts, nextEliminationNumber: eliminationNumber + 1 },
    knockouts: recorded,
    bust: busted.map((e) => e.id),
    events: [
      {
        type: 'KnockoutRecorded',
        groupId,
        eliminationNumber,
        knockoutIds: recorded.map((k) => k.id),
        bustedEntryIds: busted.map((e) => e.id),
        at: ctx.now,
      },
    ],
  };
}

function creditKillers(killers: readonly EntryRef[], mode: TwoKillerCredit): [KillerCredit[], KillerRef[]] {
  const ref = (e: EntryRef): KillerRef => ({ entryId: e.id, playerId: e.playerId });
  const [first, second] = killers;
  if (!first) return [[], []];
  if (!second) return [[{ ...ref(first), credit: 1 }], []];
  if (mode === 'primary_only') return [[{ ...ref(first), credit: 0.5 }], [ref(second)]];
  return [
    [
      { ...ref(first), credit: 0.5 },
      { ...ref(second), credit: 0.5 },
    ],
    [],
  ];
}

export interface CancelKnockoutCommand {
  knockoutId: string;
  reason?: string;
}

export interface CancelKnockoutResult {
  state: KnockoutsState;
  knockout: Knockout;
  /** The entry the caller sets back to active. */
  revive: string;
  events: ResultsEvent[];
}

/**
 * R-KO-6, R-REENTRY-5: undo a dealer's mistake shortly after it. The record stays, marked
 * cancelled; its elimination number is not reused (a later bust gets a new, higher one).
 */
export function cancelKnockout(
  state: KnockoutsState,
  entries: readonly EntryRef[],
  cmd: CancelKnockoutCommand,
  ctx: Context,
  settings: KnockoutSettings = {},
): CancelKnockoutResult {
  const windowMs = settings.cancelWindowMs ?? DEFAULT_CANCEL_WINDOW_MS;
  if (!Number.isFinite(windowMs) || windowMs < 0) {
    throw ruleError('INVALID_CANCEL_WINDOW', 'The cancel window must be a non-negative number of milliseconds');
  }
  const reason = cmd.reason?.trim() || undefined;
  if (reason !== undefined && reason.length > MAX_CANCEL_REASON_LENGTH) {
    throw ruleError('REASON_TOO_LONG', `The reason is limited to ${MAX_CANCEL_REASON_LENGTH} characters`, [
      { field: 'reason', message: `longer than ${MAX_CANCEL_REASON_LENGTH} characters` },
    ]);
  }

  const ko = state.knockouts[cmd.knockoutId];
  if (!ko) throw notFound('KNOCKOUT_NOT_FOUND', `Knockout ${cmd.knockoutId} not found`);
  if (ko.status === 'cancelled') throw conflict('KNOCKOUT_ALREADY_CANCELLED', `Knockout ${ko.id} is already cancelled`);
  if (ctx.now - ko.at > windowMs) {
    throw ruleError(
      'KNOCKOUT_CANCEL_WINDOW_CLOSED',
      `A knockout can be cancelled only within ${Math.round(windowMs / 1000)} s of its recording (R-KO-6)`,
    );
  }

  const busted = indexEntries(entries).get(ko.bustedEntryId);
  if (!busted) throw notFound('ENTRY_NOT_FOUND', `Entry ${ko.bustedEntryId} not found`);
  // A voided re-entry no longer stands, so it does not block the correction.
  const reentered = entries.some((e) => e.playerId === ko.bustedPlayerId && e.number > busted.number && e.status !== 'void');
  if (reentered) {
    throw ruleError('PLAYER_REENTERED', 'The busted player has re-entered: the knockout stands (R-REENTRY-5)');
  }
  if (recordValues(state.mysteryDraws).some((d) => d.knockoutId === ko.id)) {
    throw ruleError('MYSTERY_DRAWN', 'A mystery bounty was drawn on this knockout: it stands (R-KO-6)');
  }
  if (busted.status !== 'busted') throw conflict('ENTRY_NOT_BUSTED', `Entry ${busted.id} is ${busted.status}`);

  const cancelled: Knockout = {
    ...ko,
    status: 'cancelled',
    cancelledAt: ctx.now,
    cancelledBy: ctx.actor.id,
    ...(reason !== undefined ? { reason } : {}),
  };
  return {
    state: { ...state, knockouts: putRecord(state.knockouts, ko.id, cancelled) },
    knockout: cancelled,
    revive: busted.id,
    events: [{ type: 'KnockoutCancelled', knockoutId: ko.id, revivedEntryId: busted.id, at: ctx.now }],
  };
}
