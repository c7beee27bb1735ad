import type { Knockout, MysteryDraw } from '../../../domain/results';
import { cancelKnockoutOnFloor, drawMysteryOnFloor, recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { finishOnFloor } from '../../../domain/floor/results';
import { ticketsAtFinish, type TicketChange } from '../../../domain/season';
import { Conflict } from '../errors';
import { issueWrites } from '../season/tickets';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

type KnockoutInput = Parameters<typeof recordKnockoutOnFloor>[1];
type MysteryInput = Omit<Parameters<typeof drawMysteryOnFloor>[1], 'knockoutId'>;

/** R-KO-1..5: one hand's knockouts; the seats are freed and the tables balanced in the same write (R-SEAT-6). */
export const recordKnockout = (command: TournamentCommand, input: KnockoutInput) =>
  executeTournamentCommand(command, (t, ctx) => {
    const r = recordKnockoutOnFloor(t, input, ctx);
    const flags = r.flags ? { headsUp: r.flags.headsUp, finalTableReady: r.flags.finalTableReady } : null;
    return { state: r.state, events: r.events, value: { knockoutIds: r.knockoutIds, flags } };
  });

/** R-KO-6: a knockout cancelled within the window; answers the record. */
export const cancelKnockout = (command: TournamentCommand, knockoutId: string, reason?: string) =>
  executeTournamentCommand(command, (t, ctx) => {
    const r = cancelKnockoutOnFloor(t, { knockoutId, ...(reason ? { reason } : {}) }, ctx);
    return { ...r, value: r.state.knockouts?.knockouts[knockoutId] as Knockout };
  });

/** R-MYS-1/-2: the killer entry's mystery draw; answers the draw. */
export const drawMystery = (command: TournamentCommand, knockoutId: string, input: MysteryInput) =>
  executeTournamentCommand(command, (t, ctx) => {
    const r = drawMysteryOnFloor(t, { knockoutId, ...input }, ctx);
    const draw: MysteryDraw | undefined = r.state.knockouts?.mysteryDraws[r.drawId];
    if (!draw) throw new Conflict('CONFLICT', 'The draw was not recorded');
    return { state: r.state, events: r.events, value: draw };
  });

/**
 * R-LIFE-1 / R-PLC-1: finishing computes and keeps the final places. R-TICKET-2: the free-entry prize rows
 * issue their tickets in the same transaction (a finish happens once, so they are issued once).
 */
export function finishTournament(command: TournamentCommand) {
  let issued: TicketChange[] = [];
  return executeTournamentCommand(
    command,
    (t, ctx) => {
      const r = finishOnFloor(t, ctx);
      const places = r.state.results?.rows ?? [];
      issued = ticketsAtFinish({ clubId: t.clubId, tournamentId: t.id, finishedAt: ctx.now, places }, t.settings.prizes, ctx);
      return decided(r);
    },
    { companions: () => issued.flatMap((change) => issueWrites(change)) },
  );
}
