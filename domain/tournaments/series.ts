import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { assertJoinsSeries, type Series } from '../season/series';
import type { Tournament, TournamentResult } from './types';

/**
 * R-SER-1: a tournament joins a series of its club at its announcement or while it is announced, as its
 * other settings are edited (R-LIFE-2); after that its series is part of what players registered for.
 */
export function joinSeries(state: Tournament, series: Pick<Series, 'id' | 'clubId'>, ctx: Context): TournamentResult {
  if (state.status !== 'announced')
    throw conflict('SERIES_FROZEN', `A tournament joins a series only while announced; it is ${state.status} (R-SER-1)`);
  const joins = assertJoinsSeries(series, { id: state.id, clubId: state.clubId, ...(state.seriesId ? { seriesId: state.seriesId } : {}) });
  if (!joins) return { state, events: [] };
  return {
    state: { ...state, seriesId: series.id, updatedAt: ctx.now },
    events: [{ type: 'tournament.series_changed', tournamentId: state.id, seriesId: series.id }],
  };
}

/** R-SER-1: leaves its series while announced; a tournament in no series has nothing to leave. */
export function leaveSeries(state: Tournament, ctx: Context): TournamentResult {
  if (state.status !== 'announced')
    throw conflict('SERIES_FROZEN', `A tournament leaves a series only while announced; it is ${state.status} (R-SER-1)`);
  if (state.seriesId === undefined) return { state, events: [] };
  const { seriesId: _left, ...rest } = state;
  return {
    state: { ...rest, updatedAt: ctx.now },
    events: [{ type: 'tournament.series_changed', tournamentId: state.id, seriesId: null }],
  };
}
