import { spreadsheetCsv } from '../results/csv';
import type { EventPlace } from './flights';

/** R-FLIGHT-1: the event's places as the exports' CSV, with the stage each player reached. */
export const eventPlacesCsv = (rows: readonly EventPlace[]): string =>
  spreadsheetCsv(
    ['place', 'playerId', 'stage', 'tournamentId', 'lastEntryId'],
    rows.map((r) => [r.place, r.playerId, r.stage, r.tournamentId, r.lastEntryId]),
  );
