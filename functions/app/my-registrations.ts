import type { RegistrationStatus, TournamentStatus } from '../../domain/tournaments';
import { entities } from '../store/entities';
import { keyOf, readCount, recordOf } from '../store/entities/items';
import { profileItemKey } from '../store/player-schedule';
import { readItems } from '../store/read-items';
import { playerRegistrations } from '../store/tournament-store';
import { prefetchKeyOf } from '../runtime/prefetch';
import { NotFound } from '../runtime/errors';

/** A player's registrations across clubs, as the app lists them: newest first, with the seat while it runs. */
export interface MyRegistrationRow {
  clubId: string;
  tournamentId: string;
  tournamentName: string;
  tournamentStatus: TournamentStatus;
  startAt: string;
  registrationId: string;
  registrationStatus: RegistrationStatus;
  entryId?: string;
  eliminated: boolean;
  seat: { tableNumber: number; seat: number } | null;
}

/**
 * One page in two round trips: the by-player index (keys), then one BatchGetItem of the rows, their
 * tournaments and the caller's profile, which `checkAccount` judges (withdrawn or suspended accounts)
 * before anything is answered. The seat is the one the stream consumer keeps on each row.
 */
export async function myRegistrationsPage(
  playerId: string,
  page: { size: number; after: string | null },
  checkAccount: (profile: Record<string, unknown> | null) => void,
): Promise<{ items: MyRegistrationRow[]; cursor: string | null }> {
  const { playerRegistration, tournament } = entities();
  const query = playerRegistration.query.byPlayer({ playerId });
  const index = await readCount(page.size, page.after, (n, at) =>
    query.go({ order: 'desc', limit: n, attributes: ['clubId', 'tournamentId'], cursor: at }),
  );
  const rowKey = (r: { clubId: string; tournamentId: string }) =>
    keyOf(playerRegistration.get({ clubId: r.clubId, tournamentId: r.tournamentId, playerId }));
  const rootKey = (r: { clubId: string; tournamentId: string }) =>
    keyOf(tournament.get({ clubId: r.clubId, tournamentId: r.tournamentId }));
  const got = await readItems([profileItemKey(playerId), ...index.data.flatMap((r) => [rowKey(r), rootKey(r)])]);
  checkAccount(got.get(prefetchKeyOf(profileItemKey(playerId))) ?? null);
  const items = index.data.flatMap((ref): MyRegistrationRow[] => {
    const rowItem = got.get(prefetchKeyOf(rowKey(ref)));
    const rootItem = got.get(prefetchKeyOf(rootKey(ref)));
    if (!rowItem || !rootItem) return [];
    const r = recordOf(playerRegistration, rowItem);
    const root = recordOf(tournament, rootItem);
    if (!r || !root) return [];
    const seated =
      root.status === 'running' && r.registrationStatus !== 'cancelled' && r.tableNumber !== undefined && r.seatNumber !== undefined;
    return [
      {
        clubId: r.clubId,
        tournamentId: r.tournamentId,
        tournamentName: root.name,
        tournamentStatus: root.status as TournamentStatus,
        startAt: root.startsAt,
        registrationId: r.registrationId,
        registrationStatus: r.registrationStatus as RegistrationStatus,
        ...(r.entryId ? { entryId: r.entryId } : {}),
        eliminated: r.eliminated,
        seat: seated ? { tableNumber: r.tableNumber as number, seat: r.seatNumber as number } : null,
      },
    ];
  });
  return { items, cursor: index.cursor };
}

/** The caller's own registration by id, wherever it is. */
export async function myRegistration(playerId: string, registrationId: string) {
  const row = (await playerRegistrations(playerId)).find((r) => r.registrationId === registrationId);
  if (!row) throw new NotFound('REGISTRATION_NOT_FOUND', 'No such registration of yours');
  return row;
}
