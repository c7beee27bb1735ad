import type { Knockout, MysteryDraw } from '../../../domain/results';
import type { recordKnockoutOnFloor } from '../../../domain/floor/knockouts';
import { cancelKnockoutOnFloor, drawMysteryOnFloor } from '../../../domain/floor/knockouts';
import { finishOnFloor } from '../../../domain/floor/results';
import { recordKnockoutHandForHand } from '../../../domain/floor/hand-for-hand';
import { ticketsAtFinish, type TicketChange } from '../../../domain/season';
import { Conflict } from '../../runtime/errors';
import { issueWrites } from '../season/tickets';
import { executeTournamentCommand, type TournamentCommand } from '../tournament-command';
import type { Context } from '../../../domain/core/context';
import { satelliteEnded, satelliteSetting } from '../../../domain/floor/satellite';
import type { StoredTournament } from '../../store/tournament-store';
import { decideSatelliteFinish } from '../season/satellites';
import { withSeasonAtFinish } from '../season/season-at-finish';

type KnockoutInput = Parameters<typeof recordKnockoutOnFloor>[1];
type MysteryInput = Omit<Parameters<typeof drawMysteryOnFloor>[1], 'knockoutId'>;

/**
 * R-KO-1..5: one hand's knockouts; the seats are freed and the tables balanced in the same write (R-SEAT-6).
 * R-SAT-2: the knockout that leaves a satellite with its seats' number of players ends it in the same
 * write: the tournament finishes and the seat tickets are issued with it.
 */
export const recordKnockout = (command: TournamentCommand, input: KnockoutInput) =>
  executeTournamentCommand(
    command,
    async (t, ctx) => {
      // R-HFH-1: with hand-for-hand on, the busts of one hand share its elimination number.
      const r = recordKnockoutHandForHand(t, input, ctx);
      const flags = r.flags ? { headsUp: r.flags.headsUp, finalTableReady: r.flags.finalTableReady } : null;
      const value = { knockoutIds: r.knockoutIds, flags, satelliteEnded: false, issued: [] as TicketChange[] };
      if (!satelliteEnded(r.state, ctx.now)) return { state: r.state, events: r.events, value };
      const f = await decideSatelliteFinish(r.state, ctx);
      const issued = [...f.tickets, ...prizeTickets(f.state, ctx)];
      return {
        state: await withSeasonAtFinish(f.state),
        events: [...r.events, ...f.events],
        value: { ...value, satelliteEnded: true, issued },
      };
    },
    { companions: (_next, d) => d.value.issued.flatMap((change) => issueWrites(change)) },
  );

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

/** R-TICKET-2: the free-entry prize rows' tickets for the final places of a finished state. */
const prizeTickets = (t: StoredTournament, ctx: Context): TicketChange[] =>
  ticketsAtFinish({ clubId: t.clubId, tournamentId: t.id, finishedAt: ctx.now, places: t.results?.rows ?? [] }, t.settings.prizes, ctx);

/**
 * R-LIFE-1 / R-PLC-1: finishing computes and keeps the final places. R-TICKET-2: the free-entry prize rows
 * issue their tickets in the same transaction (a finish happens once, so they are issued once).
 * R-SAT-2: a satellite finishes once its seats are decided, its seat tickets in the same transaction.
 */
export function finishTournament(command: TournamentCommand) {
  return executeTournamentCommand(
    command,
    async (t, ctx) => {
      if (satelliteSetting(t)) {
        const f = await decideSatelliteFinish(t, ctx);
        return { state: await withSeasonAtFinish(f.state), events: f.events, value: [...f.tickets, ...prizeTickets(f.state, ctx)] };
      }
      const r = finishOnFloor(t, ctx);
      return { ...r, state: await withSeasonAtFinish(r.state), value: prizeTickets(r.state, ctx) };
    },
    { companions: (_next, d) => d.value.flatMap((change) => issueWrites(change)) },
  );
}
