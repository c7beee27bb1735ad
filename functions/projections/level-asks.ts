import { playerRegistrations } from '../../domain/floor/field-views';
import { tournamentWindow } from '../../domain/tournaments';
import type { StoredTournament } from '../store/tournament-store';
import { askExpiry, playersAskingForLevels, writeAsks } from '../adapters/push/level-asks';
import type { ProjectedEvent } from './projected-event';

/** Players holding a live (not cancelled) registration, as the level push addresses them. */
function registered(s: StoredTournament | undefined, players: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  if (!s) return out;
  for (const playerId of players) if (playerRegistrations(s, playerId).some((r) => r.status !== 'cancelled')) out.add(playerId);
  return out;
}

/**
 * The tournament's level askers follow its registrations: a player who asked for levels and registers is
 * added, one who withdraws removed. Only an event that registers or withdraws someone reads anything: the
 * choices of those players, in one BatchGetItem (eventually consistent), then one BatchWriteItem.
 */
export async function followLevelAsks(p: ProjectedEvent, touched: ReadonlySet<string>): Promise<void> {
  if (touched.size === 0) return;
  const was = registered(p.before, touched);
  const now = registered(p.after, touched);
  const joined = [...now].filter((id) => !was.has(id));
  const left = [...was].filter((id) => !now.has(id));
  if (joined.length === 0 && left.length === 0) return;
  const asking = await playersAskingForLevels([...joined, ...left]);
  const key = { clubId: p.clubId, tournamentId: p.tournamentId };
  const expiresAt = askExpiry(tournamentWindow(p.after.settings).endAt, p.event.at);
  await writeAsks(
    joined.filter((id) => asking.has(id)).map((playerId) => ({ ...key, playerId, expiresAt })),
    left.filter((id) => asking.has(id)).map((playerId) => ({ ...key, playerId })),
  );
}
