import type { OtherRegistration, RegistrationStatus, TournamentStatus } from '../../domain/tournaments';
import { tournamentWindow } from '../../domain/tournaments';
import { playerRegistrations, settingsOfRoot, tournamentRoots } from '../store/tournament-store';

/**
 * The player's registrations in other tournaments, as R-REG-1 needs them: read from the by-player
 * index and the tournaments' root items (status and the current time window), never from the payload.
 */
export async function otherRegistrationsOf(playerId: string, exceptTournamentId: string): Promise<OtherRegistration[]> {
  const rows = (await playerRegistrations(playerId)).filter(
    (r) => r.tournamentId !== exceptTournamentId && r.registrationStatus !== 'cancelled',
  );
  const roots = await tournamentRoots(rows);
  const byId = new Map(roots.map((t) => [t.tournamentId, t]));
  return rows.flatMap((r) => {
    const root = byId.get(r.tournamentId);
    if (!root) return [];
    return [
      {
        tournamentId: r.tournamentId,
        registrationId: r.registrationId,
        registrationStatus: r.registrationStatus as RegistrationStatus,
        tournamentStatus: root.status as TournamentStatus,
        window: tournamentWindow(settingsOfRoot(root)),
        eliminated: r.eliminated,
      },
    ];
  });
}
