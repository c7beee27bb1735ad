import type { Context } from '../core/context';
import { ruleError, type FieldIssue } from '../core/errors';
import type { PrizeRow } from '../results/prizes';
import { MAX_TICKET_VALID_DAYS } from './limits';
import { checkTicketTarget, DAY_MS, issueTicket, type TicketChange, type TicketTarget } from './tickets';

/*
 * R-TICKET-2: a prize row of the free-entry kind. Beside the kinds of tournaments/prize-kinds.ts it says
 * what the ticket enters and how long it is valid; when the tournament finishes, each player whose place
 * the row covers gets one ticket (players sharing a place each get one, as every prize of a shared place).
 */

export const FREE_ENTRY_KIND = 'free_entry' as const;

export interface FreeEntryDetails {
  target: TicketTarget;
  /** Days from the finish until the ticket expires. */
  validDays: number;
}

export type FreeEntryPrizeRow = ({ place: number } | { placeFrom: number; placeTo: number }) & {
  kind: typeof FREE_ENTRY_KIND;
  description?: string;
  freeEntry: FreeEntryDetails;
};

/** A tournament's prize rows: the existing kinds and the free-entry kind. */
export type SeasonPrizeRow = PrizeRow | FreeEntryPrizeRow;

export const isFreeEntryRow = (row: SeasonPrizeRow): row is FreeEntryPrizeRow =>
  (row as { kind?: string }).kind === FREE_ENTRY_KIND && (row as { freeEntry?: unknown }).freeEntry !== undefined;

/** Checks the free-entry part of a row (the place columns and the description are checked as for every prize row). */
export function checkFreeEntryDetails(d: FreeEntryDetails, field: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  checkTicketTarget(d?.target, `${field}.target`, issues);
  if (!Number.isInteger(d?.validDays) || d.validDays < 1 || d.validDays > MAX_TICKET_VALID_DAYS) {
    issues.push({ field: `${field}.validDays`, message: `an integer from 1 to ${MAX_TICKET_VALID_DAYS}` });
  }
  return issues;
}

/** The text a free-entry row without a description shows. */
export function freeEntryLabel(d: FreeEntryDetails): string {
  switch (d.target.kind) {
    case 'tournament':
      return `Бесплатный вход в турнир ${d.target.tournamentId}`;
    case 'series':
      return `Бесплатный вход в турнир серии ${d.target.seriesId}`;
    case 'club':
      return d.target.upToFeeLevel
        ? `Бесплатный вход в турнир клуба (до уровня «${d.target.upToFeeLevel}»)`
        : 'Бесплатный вход в турнир клуба';
  }
}

const covers = (row: SeasonPrizeRow, place: number): boolean =>
  'place' in row ? row.place === place : row.placeFrom <= place && place <= row.placeTo;

/**
 * R-TICKET-2: the tickets a finish issues: for every player, one per free-entry row covering the place.
 * `places` is the final table (domain/results `results(...)` or `finalPlaces(...)`).
 */
export function ticketsAtFinish(
  finish: { clubId: string; tournamentId: string; finishedAt: number; places: readonly { playerId: string; place: number }[] },
  prizes: readonly SeasonPrizeRow[],
  ctx: Context,
): TicketChange[] {
  const rows = prizes.filter(isFreeEntryRow);
  const out: TicketChange[] = [];
  rows.forEach((row, i) => {
    const issues = checkFreeEntryDetails(row.freeEntry, `prizes[${i}].freeEntry`);
    if (issues.length > 0) throw ruleError('PRIZE_ROW_INVALID', 'Invalid free-entry prize row', issues);
  });
  for (const p of finish.places) {
    for (const row of rows) {
      if (!covers(row, p.place)) continue;
      out.push(
        issueTicket(
          {
            clubId: finish.clubId,
            holderId: p.playerId,
            target: row.freeEntry.target,
            expiresAt: finish.finishedAt + row.freeEntry.validDays * DAY_MS,
            source: { kind: 'prize', tournamentId: finish.tournamentId, place: p.place },
          },
          { ...ctx, now: finish.finishedAt },
        ),
      );
    }
  }
  return out;
}
