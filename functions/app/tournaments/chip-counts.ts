import { recordChipCounts as record, type ChipCountInput } from '../../../domain/floor/chip-counts';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** R-CHIP-1: stacks the floor counted, one or the whole field in one call (domain/floor/chip-counts.ts). */
export const recordChipCounts = (command: TournamentCommand, counts: readonly ChipCountInput[]) =>
  executeTournamentCommand(command, (t, ctx) => decided(record(t, counts, ctx)));
