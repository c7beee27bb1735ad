import {
  reportHandDone as report,
  startHandForHand as start,
  stopHandForHand as stop,
  type StartHandForHand,
} from '../../../domain/floor/hand-for-hand';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** R-HFH-1: hand-for-hand at the bubble (domain/floor/hand-for-hand.ts); knockouts take it into account in knockouts.ts. */
export const startHandForHand = (command: TournamentCommand, input: StartHandForHand) =>
  executeTournamentCommand(command, (t, ctx) => decided(start(t, input, ctx)));

export const stopHandForHand = (command: TournamentCommand) => executeTournamentCommand(command, (t, ctx) => decided(stop(t, ctx)));

/** A table's "hand done"; a repeated report changes nothing (the version stays). */
export const reportHandDone = (command: TournamentCommand, input: { tableId: string; hand: number }) =>
  executeTournamentCommand(command, (t, ctx) => decided(report(t, input, ctx)));
