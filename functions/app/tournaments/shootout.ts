import { closeShootoutRound as close } from '../../../domain/floor/shootout';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/**
 * R-SHOOT-2: the floor closes a shootout's round; the advancing players are drawn onto the next round's
 * tables in the same command (domain/floor/shootout.ts). One event, whatever the field.
 */
export const closeShootoutRound = (command: TournamentCommand) => executeTournamentCommand(command, (t, ctx) => decided(close(t, ctx)));
