import { clearAnnouncement, setAnnouncement } from '../../../domain/floor/announcement';
import type { StoredTournament } from '../../store/tournament-store';
import { decided, executeTournamentCommand, type TournamentCommand } from '../tournament-command';

/** Puts the floor's line on the clock screen (domain/floor/announcement.ts). */
export const putAnnouncement = (command: TournamentCommand, text: string) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = setAnnouncement(s, text, ctx);
    return decided({ state: r.state as StoredTournament, events: r.events });
  });

/** Takes the line down. */
export const deleteAnnouncement = (command: TournamentCommand) =>
  executeTournamentCommand(command, (s, ctx) => {
    const r = clearAnnouncement(s, ctx);
    return decided({ state: r.state as StoredTournament, events: r.events });
  });
