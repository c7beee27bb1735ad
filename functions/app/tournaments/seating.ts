import type { Context } from '../../../domain/core/context';
import type { SeatingResult, SeatingState } from '../../../domain/seating';
import { drawSeating as draw, requireSeating } from '../../../domain/floor/seating';
import { publishSeatDrawCommitment } from '../../../domain/floor/seat-draw';
import { assertShootoutReshape, assertShootoutSeating } from '../../../domain/floor/shootout';
import { randomSecret } from '../../runtime/ids';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** R-SEAT-1: the initial seating by lot, the seed recorded. */
export const drawSeating = (command: TournamentCommand) => executeTournamentCommand(command, (t, ctx) => decided(draw(t, ctx)));

/**
 * R-DRAW-1: the draw's commitment published now (the floor closing registration for the draw); the seed is
 * from the CSPRNG. One already published is answered as it is: it never changes.
 */
export const publishDrawCommitment = (command: TournamentCommand) =>
  executeTournamentCommand(command, (t, ctx) => {
    const state = publishSeatDrawCommitment(t, randomSecret(), ctx.now);
    const events = state === t ? [] : [{ type: 'seating.draw_committed', commitment: state.seatDraw?.commitment as string }];
    return decided({ state, events });
  });

/** A command on the drawn seating (break, move, button, proposals, the final table: R-SEAT-3..8). */
export const seatingCommand = (
  command: TournamentCommand,
  op: (seating: SeatingState, ctx: Context) => SeatingResult,
  opts: { reshapesTables?: boolean } = {},
) =>
  executeTournamentCommand(command, (t, ctx) => {
    if (opts.reshapesTables) assertShootoutReshape(t);
    const r = op(requireSeating(t), ctx);
    // R-SHOOT-1: a shootout's tables are never broken or balanced.
    assertShootoutSeating(t, r.events);
    return decided({ state: { ...t, seating: r.state }, events: r.events });
  });
