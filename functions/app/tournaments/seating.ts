import type { Context } from '../../../domain/core/context';
import type { SeatingResult, SeatingState } from '../../../domain/seating';
import { drawSeating as draw, requireSeating } from '../../../domain/floor/seating';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** R-SEAT-1: the initial seating by lot, the seed recorded. */
export const drawSeating = (command: TournamentCommand) => executeTournamentCommand(command, (t, ctx) => decided(draw(t, ctx)));

/** A command on the drawn seating (break, move, button, proposals, the final table: R-SEAT-3..8). */
export const seatingCommand = (command: TournamentCommand, op: (seating: SeatingState, ctx: Context) => SeatingResult) =>
  executeTournamentCommand(command, (t, ctx) => {
    const r = op(requireSeating(t), ctx);
    return decided({ state: { ...t, seating: r.state }, events: r.events });
  });
