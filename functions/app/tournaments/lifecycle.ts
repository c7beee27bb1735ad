import { changeStatus, type TournamentStatus } from '../../../domain/tournaments';
import { seatNewEntries } from '../../../domain/floor/seat-new-entries';
import { commitSeatDraw } from '../../../domain/floor/seat-draw';
import { randomSecret } from '../../runtime/ids';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';
import { freezeIfMissing } from './structure';

/** R-LIFE-1: open registration, start, cancel (finishing computes the places: knockouts.ts). */
export const changeTournamentStatus = (command: TournamentCommand, to: TournamentStatus) =>
  executeTournamentCommand(command, async (s, ctx) => {
    const r = changeStatus(s, { to }, ctx);
    const next = { ...s, ...r.state };
    // R-LIFE-2: settings freeze here; R-NOSHOW-2: the dead stacks made at the start take their seats;
    // R-DRAW-1: the seat draw's commitment is published at the start unless the floor published it before.
    if (to === 'registration_open') return decided({ events: r.events, state: await freezeIfMissing(next) });
    if (to === 'running') return decided(seatNewEntries(commitSeatDraw(next, randomSecret(), ctx.now), r.events, ctx));
    return decided({ events: r.events, state: next });
  });
