import { joinSeries, leaveSeries } from '../../../domain/tournaments';
import { requireSeries, seriesMemberDelete, seriesMemberPut } from '../../store/series-store';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/**
 * R-SER-1: attaches a tournament to a series of its club while announced. The series is read under the
 * command's club, so another club's series is not found (404); the series' membership row commits with
 * the tournament's event, so its schedule never lists a tournament that did not join.
 */
export async function attachToSeries(command: TournamentCommand, seriesId: string) {
  const series = await requireSeries(command.clubId, seriesId);
  return executeTournamentCommand(
    command,
    (state, ctx) => decided(joinSeries(state, { id: series.seriesId, clubId: series.clubId }, ctx)),
    {
      companions: (next, d) =>
        d.events.length > 0 ? [seriesMemberPut(next.clubId, series.seriesId, next.id, new Date(next.updatedAt).toISOString())] : [],
    },
  );
}

/** R-SER-1: detaches it while announced; its membership row goes with the same event. */
export const detachFromSeries = (command: TournamentCommand) =>
  executeTournamentCommand(command, (state, ctx) => ({ ...leaveSeries(state, ctx), value: state.seriesId }), {
    companions: (next, d) => (d.value !== undefined && d.events.length > 0 ? [seriesMemberDelete(next.clubId, d.value, next.id)] : []),
  });
