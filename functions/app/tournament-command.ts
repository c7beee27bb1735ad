import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Context } from '../../domain/core/context';
import { mutateTournament, type StoredTournament } from '../store/tournament-store';
import { forDecision } from './frozen-state';

/*
 * The one path of a command on a tournament: load it (warm cache, then the log), hand the pure decision
 * the state, append what it decided as the next event under the version check (deciding again on a lost
 * race), and answer what was decided. What the events mean elsewhere (the jobs a status change calls for,
 * players' notifications, the by-player index) is derived from the log by the stream consumer
 * (functions/projections). Use cases (functions/app/...) call it; routes and jobs call the use cases.
 */

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Events of any module of the floor aggregate: plain objects with a `type`. */
export type FloorEvent = { type: string };

/** Which tournament, who asks (the domain's context), and the version the caller last saw (If-Match). */
export interface TournamentCommand {
  clubId: string;
  tournamentId: string;
  ctx: Context;
  expectedVersion?: number | undefined;
}

/** A decision: the next state and its events, and what the command answers besides (`value`). */
export interface Decision<E extends FloorEvent, V> {
  state: StoredTournament;
  events: E[];
  value: V;
}

export interface CommandResult<E extends FloorEvent, V> extends Decision<E, V> {
  /** The tournament's version after the command (unchanged when the decision changed nothing). */
  version: number;
}

export interface CommandOptions<E extends FloorEvent, V> {
  /** Writes that commit with the event or not at all (the player's schedule, a moderation record). */
  companions?: (next: StoredTournament, decided: Decision<E, V>) => TransactItem[];
}

/** A domain result with nothing more to answer. */
export const decided = <E extends FloorEvent>(r: { state: StoredTournament; events: E[] }): Decision<E, undefined> => ({
  state: r.state,
  events: r.events,
  value: undefined,
});

export async function executeTournamentCommand<E extends FloorEvent, V>(
  command: TournamentCommand,
  decide: (state: StoredTournament, ctx: Context) => Decision<E, V> | Promise<Decision<E, V>>,
  options: CommandOptions<E, V> = {},
): Promise<CommandResult<E, V>> {
  return mutateTournament<E, Decision<E, V>>(
    command.clubId,
    command.tournamentId,
    (state) => decide(forDecision(state), command.ctx),
    command.expectedVersion,
    options.companions,
  );
}
