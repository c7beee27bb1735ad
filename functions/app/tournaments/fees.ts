import { recordValues } from '../../../domain/core/record-map';
import { cancelSettlement as cancel, settle, type Settlement } from '../../../domain/tournaments';
import { executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** R-FEE-1/-3: settles all of a player's debt at once; answers the record made, or null when nothing was owed. */
export const settleDebt = (
  command: TournamentCommand,
  input: { playerId: string; method: Settlement['method']; expectedAmount?: number | undefined },
) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = settle(
      s,
      {
        playerId: input.playerId,
        method: input.method,
        ...(input.expectedAmount !== undefined ? { expectedAmount: input.expectedAmount } : {}),
      },
      ctx,
    );
    const created = recordValues(r.state.settlements).find((x) => !Object.hasOwn(s.settlements, x.id)) ?? null;
    return { ...r, value: created };
  });

/** R-FEE-2: the debt comes back; the record is marked, never deleted. */
export const cancelSettlement = (command: TournamentCommand, settlementId: string) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = cancel(s, { settlementId }, ctx);
    return { ...r, value: r.state.settlements[settlementId] as Settlement };
  });
