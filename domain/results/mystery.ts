import { putRecord, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';
import { assertNoMoneyWording } from '../text/money-wording';
import { mysteryEnabled, type BountySettings } from './bounties';
import type { ResultsEvent } from './events';
import { drawFromTable, remainingQuantities } from './mystery-table';
import type { KnockoutsState, MysteryDraw } from './state';

export interface DrawMysteryCommand {
  knockoutId: string;
  /** Which killer of the knockout draws; defaults to the primary (first) killer. */
  killerEntryId?: string;
  /**
   * What was drawn, as text: the prize itself is handed out by the club (R-MYS-1). Only with the
   * `client_text` source; with `server_table` the server draws the prize (R-MYS-2 Beyond).
   */
  prizeText?: string;
}

export interface DrawMysteryResult {
  state: KnockoutsState;
  draw: MysteryDraw;
  events: ResultsEvent[];
}

/** Same limit as a prize row description (R-PRZ-1). */
export const MAX_PRIZE_TEXT_LENGTH = 500;

/** R-MYS-1, R-MYS-2: record the mystery bounty a killer entry draws on a knockout. */
export function drawMystery(state: KnockoutsState, cmd: DrawMysteryCommand, ctx: Context, settings: BountySettings): DrawMysteryResult {
  if (!mysteryEnabled(settings)) {
    throw ruleError('MYSTERY_NOT_ENABLED', 'This tournament has no mystery bounty (R-MYS-1)');
  }
  const ko = state.knockouts[cmd.knockoutId];
  if (!ko) throw notFound('KNOCKOUT_NOT_FOUND', `Knockout ${cmd.knockoutId} not found`);
  if (ko.status === 'cancelled') throw conflict('KNOCKOUT_CANCELLED', `Knockout ${ko.id} was cancelled`);

  // Only a credited killer draws: under `primary_only` the second killer is audit-only.
  const killer = cmd.killerEntryId === undefined ? ko.killers[0] : ko.killers.find((k) => k.entryId === cmd.killerEntryId);
  if (!killer) {
    throw ruleError('NOT_A_KILLER', `Entry ${cmd.killerEntryId ?? '?'} is not a credited killer of knockout ${ko.id}`, [
      { field: 'killerEntryId', message: 'not a credited killer of this knockout' },
    ]);
  }

  const fromTable = (settings.mysteryPrizeSource ?? 'client_text') === 'server_table';
  let prizeText = cmd.prizeText?.trim() || undefined;
  if (fromTable && prizeText !== undefined) {
    throw ruleError('PRIZE_TEXT_NOT_ALLOWED', 'The prize is drawn by the server from the mystery prize table (R-MYS-2)', [
      { field: 'prizeText', message: 'not allowed: the server draws the prize' },
    ]);
  }
  if (prizeText !== undefined) {
    if (prizeText.length > MAX_PRIZE_TEXT_LENGTH) {
      throw ruleError('PRIZE_TEXT_TOO_LONG', `The prize text is limited to ${MAX_PRIZE_TEXT_LENGTH} characters`, [
        { field: 'prizeText', message: `longer than ${MAX_PRIZE_TEXT_LENGTH} characters` },
      ]);
    }
    assertNoMoneyWording('prizeText', prizeText);
  }

  const scope = settings.mysteryDrawScope ?? 'per_killer_entry';
  const already = recordValues(state.mysteryDraws).some(
    (d) => d.killerEntryId === killer.entryId && (scope === 'per_killer_entry' || d.knockoutId === ko.id),
  );
  if (already) {
    throw conflict(
      'MYSTERY_ALREADY_DRAWN',
      scope === 'per_killer_entry'
        ? `Entry ${killer.entryId} has already drawn its mystery bounty (R-MYS-2)`
        : `Entry ${killer.entryId} has already drawn on knockout ${ko.id}`,
    );
  }

  const sequence = state.nextMysterySequence;
  let prizeIndex: number | undefined;
  if (fromTable) {
    const table = settings.mysteryTable;
    if (!table) throw conflict('MYSTERY_TABLE_NOT_COMMITTED', 'This tournament has no committed mystery prize table');
    prizeIndex = drawFromTable(table.seed, sequence, remainingQuantities(table.rows, state));
    if (prizeIndex === undefined) throw conflict('MYSTERY_TABLE_EXHAUSTED', 'Every prize of the mystery prize table has been drawn');
    prizeText = table.rows[prizeIndex]?.prize;
  }

  const draw: MysteryDraw = {
    id: ctx.newId('myd'),
    sequence,
    killerEntryId: killer.entryId,
    killerPlayerId: killer.playerId,
    knockoutId: ko.id,
    ...(prizeText !== undefined ? { prizeText } : {}),
    ...(prizeIndex !== undefined ? { prizeIndex } : {}),
    at: ctx.now,
    by: ctx.actor.id,
  };
  return {
    state: {
      ...state,
      mysteryDraws: putRecord(state.mysteryDraws, draw.id, draw),
      nextMysterySequence: sequence + 1,
    },
    draw,
    events: [
      {
        type: 'MysteryDrawn',
        drawId: draw.id,
        knockoutId: ko.id,
        killerEntryId: killer.entryId,
        sequence: draw.sequence,
        at: ctx.now,
      },
    ],
  };
}
