import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { blocksParallel, tournamentWindow, type TournamentWindow } from '../../domain/tournaments';
import { dynamo } from '../store/client';
import { store } from '../store/service';
import type { LoggedEvent } from '../store/tournament-log';
import type { StoredTournament } from '../store/tournament-store';
import { refreshScheduled } from '../store/player-schedule';
import { notifyTournamentEvents } from '../adapters/notifications/tournament-notifications';
import { playerRows, touchedPlayers, type PlayerRegistrationRow } from './player-registrations';

export interface ProjectedEvent {
  clubId: string;
  tournamentId: string;
  version: number;
  before: StoredTournament | undefined;
  after: StoredTournament;
  event: LoggedEvent;
}

const PARALLEL = 16;

async function inBatches<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(fn));
}

/** By-player index rows, each written only if no later event wrote it already (`pv`, the event version). */
async function writeRows(p: ProjectedEvent, rows: readonly PlayerRegistrationRow[]): Promise<void> {
  await inBatches(rows, async (row) => {
    const params = store().entities.playerRegistration.put({ clubId: p.clubId, tournamentId: p.tournamentId, ...row }).params() as { Item: Record<string, unknown>; TableName: string };
    try {
      await dynamo().doc.send(
        new PutCommand({
          TableName: params.TableName,
          Item: { ...params.Item, pv: p.version },
          ConditionExpression: 'attribute_not_exists(pv) OR pv <= :v',
          ExpressionAttributeValues: { ':v': p.version },
        }),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
    }
  });
}

/** Whether the player's registration still ties them to the tournament (R-REG-1), and its window. */
function standing(s: StoredTournament | undefined, playerId: string): { registrationId: string; live: boolean; window: TournamentWindow } | undefined {
  if (!s) return undefined;
  const regs = Object.values(s.registrations).filter((r) => r.playerId === playerId);
  const reg = regs.find((r) => r.status !== 'cancelled') ?? regs.sort((a, b) => b.seq - a.seq)[0];
  if (!reg) return undefined;
  const entry = reg.entryId ? s.entries[reg.entryId] : undefined;
  const live = blocksParallel({
    tournamentId: s.id,
    registrationId: reg.id,
    registrationStatus: reg.status,
    tournamentStatus: s.status,
    window: tournamentWindow(s.settings),
    eliminated: entry !== undefined && entry.status !== 'active',
  });
  return { registrationId: reg.id, live, window: tournamentWindow(s.settings) };
}

/** R-REG-1 schedules follow the tournament: released when the player is out, windows moved with the settings. */
async function refreshSchedules(p: ProjectedEvent, touched: ReadonlySet<string>): Promise<void> {
  const { before, after } = p;
  const everyone = !before || before.status !== after.status || before.settings !== after.settings;
  const players = everyone ? new Set(Object.values(after.registrations).map((r) => r.playerId)) : touched;
  const changed = [...players].flatMap((playerId) => {
    const now = standing(after, playerId);
    if (!now) return [];
    const was = standing(before, playerId);
    const same = was && was.registrationId === now.registrationId && was.live === now.live && was.window.startAt === now.window.startAt && was.window.endAt === now.window.endAt;
    return same ? [] : [{ playerId, ...now }];
  });
  await inBatches(changed, (c) => refreshScheduled(c.playerId, p.clubId, p.tournamentId, c.registrationId, c.window, c.live));
}

/**
 * What one committed event means outside its tournament: the by-player index rows of the players it
 * touched (my registrations), their R-REG-1 schedules, and the players' notifications. Each part is
 * idempotent: rows are guarded by version, schedule updates by registration id, notifications have ids
 * derived from the event.
 */
export async function projectEvent(p: ProjectedEvent): Promise<void> {
  const touched = touchedPlayers(p.before, p.after, p.event.patch);
  await writeRows(p, playerRows(p.after, touched));
  await refreshSchedules(p, touched);
  await notifyTournamentEvents(p.after, p.event.events, p.event.at, { throwOnFailure: true });
}
