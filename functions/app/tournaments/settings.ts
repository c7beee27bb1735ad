import { createTournament, editSettings, joinSeries, type SettingsInput, type SettingsPatch } from '../../../domain/tournaments';
import type { Context } from '../../../domain/core/context';
import { withMysteryCommitment } from '../../../domain/floor/bounties';
import { holdAfterWrite } from '../../../domain/tournaments/money-hold';
import { randomSecret } from '../../runtime/ids';
import type { Prefetched } from '../../runtime/prefetch';
import { createTournamentItem, type StoredTournament } from '../../store/tournament-store';
import { requireSeries, seriesMemberPut } from '../../store/series-store';
import { checkSatelliteTargets } from '../season/satellites';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';
import { moneyQueueCompanions, putMoneyQueueItem, withMoneyHold } from './money-review';
import { structureToFreeze, withFrozenStructure } from './structure';

/** What the announcement needs of the club. */
export interface AnnouncingClub {
  clubId: string;
  currency: string;
  city?: string | undefined;
}

/**
 * Announces a tournament (status announced); answers it as stored, at version 1. R-SER-1: with a series of
 * the club (404 for any other), it joins it in the same write.
 */
export async function announceTournament(
  club: AnnouncingClub,
  settings: SettingsInput,
  ctx: Context,
  prefetched: Prefetched,
  seriesId?: string,
): Promise<StoredTournament> {
  const series = seriesId === undefined ? undefined : await requireSeries(club.clubId, seriesId);
  const created = createTournament({ clubId: club.clubId, clubCurrency: club.currency, settings }, ctx);
  await checkSatelliteTargets(club.clubId, undefined, created.state.settings.satellite);
  const state = series ? joinSeries(created.state, { id: series.seriesId, clubId: series.clubId }, ctx).state : created.state;
  // R-LIFE-2: the structure is frozen with the other settings from the announcement on.
  // R-MYS-2: a mystery prize table is committed (hashes of the table and of a secret seed) as it is announced.
  const announced = withMysteryCommitment({ ...state, version: 1 }, randomSecret(), ctx.now);
  const stored = withFrozenStructure(announced, await structureToFreeze(club.clubId, state.settings.blindStructureId, prefetched));
  // R-MONEY-2: texts the money check holds are stored, and the tournament waits for an operator.
  const held = holdAfterWrite(stored, ctx.now) as typeof stored;
  const member = series ? [seriesMemberPut(club.clubId, series.seriesId, held.id, new Date(ctx.now).toISOString())] : [];
  await createTournamentItem(held, club.city, member);
  await putMoneyQueueItem(held);
  return held;
}

/** Edits the settings while announced (R-LIFE-2); the texts are checked again and the hold follows them (R-MONEY-2). */
export const editTournamentSettings = (command: TournamentCommand, patch: SettingsPatch) =>
  executeTournamentCommand(
    command,
    withMoneyHold(async (s, ctx) => {
      const edited = editSettings(s, { patch }, ctx);
      if (patch.satellite) await checkSatelliteTargets(s.clubId, s.id, edited.state.settings.satellite);
      // R-MYS-2: a changed mystery prize table gets a fresh commitment in the same write.
      const r = { ...edited, state: withMysteryCommitment({ ...s, ...edited.state }, randomSecret(), ctx.now) };
      // Naming a structure (or clearing it) while announced copies the grid it names now.
      if (patch.blindStructureId === undefined) return decided(r);
      return decided({
        ...r,
        state: withFrozenStructure({ ...s, ...r.state }, await structureToFreeze(s.clubId, r.state.settings.blindStructureId)),
      });
    }),
    { companions: moneyQueueCompanions },
  );
