import type { NotificationPort, PersonalNotification, PlayerNotification } from '../notifications/port';
import { logger } from '../../runtime/logger';
import { claimPush, deleteDevice, playersWithDevices, pushSettings, type PushKind } from './devices';
import { askersOf } from './level-asks';
import { pushAdapter } from './index';
import type { PushAdapter } from './port';

/**
 * The notifications a player must not miss, pushed to their phones: a seat (drawn, moved, a broken
 * table, the final table), a promotion from the waitlist, the start in 30 minutes, their own knockout,
 * the result, a free-entry ticket won. Each can be muted. Levels are pushed only to players who asked
 * (`levels` in their choices); breaks stay in the feed and the live socket.
 */
export const PUSHED: Readonly<Record<string, PushKind>> = {
  'seat.assigned': 'seat',
  'registration.promoted': 'waitlist',
  'tournament.starting': 'starting',
  result: 'results',
  knockout: 'knockout',
  'ticket.issued': 'tickets',
};

/** Pushed only to the players who asked for it. */
export const ASKED: ReadonlySet<string> = new Set(['level.started']);

/** The tournament's askers among the players the notification is for. */
async function registeredAskers(playerIds: readonly string[], n: PlayerNotification): Promise<string[]> {
  const asking = await askersOf(n.clubId, n.tournamentId);
  if (asking.length === 0) return [];
  const registered = new Set(playerIds);
  return asking.filter((p) => registered.has(p));
}

/** Push as a notification channel beside the feed (functions/adapters/notifications/port.ts). */
export class PushChannel implements NotificationPort {
  constructor(private readonly adapter: () => PushAdapter | undefined = pushAdapter) {}

  async publish(playerIds: readonly string[], n: PlayerNotification): Promise<void> {
    const asked = ASKED.has(n.type);
    const kind = asked ? 'asked' : PUSHED[n.type];
    const adapter = this.adapter();
    if (!kind || !adapter) return;
    // A level goes to every registered player's feed: only the few who asked (one Query of the
    // tournament's asks, whatever the field) are read one by one.
    const to = asked ? await registeredAskers(playerIds, n) : playerIds;
    for (let i = 0; i < to.length; i += 16) {
      await Promise.all(to.slice(i, i + 16).map((playerId) => this.pushTo(adapter, playerId, kind, n)));
    }
  }

  /** Many players' own notifications: only the players with a device are read further. */
  async publishEach(items: readonly PersonalNotification[]): Promise<void> {
    const adapter = this.adapter();
    const pushed = items.filter((d) => PUSHED[d.notification.type] !== undefined);
    if (!adapter || pushed.length === 0) return;
    const withDevices = await playersWithDevices(pushed.map((d) => d.playerId));
    const targets = pushed.filter((d) => withDevices.has(d.playerId));
    for (let i = 0; i < targets.length; i += 16) {
      await Promise.all(
        targets.slice(i, i + 16).map((d) => this.pushTo(adapter, d.playerId, PUSHED[d.notification.type] as PushKind, d.notification)),
      );
    }
  }

  private async pushTo(adapter: PushAdapter, playerId: string, kind: PushKind | 'asked', n: PlayerNotification): Promise<void> {
    const { devices, muted, levels } = await pushSettings(playerId);
    if (devices.length === 0 || (kind === 'asked' ? !levels : muted.includes(kind))) return;
    // Once per notification and player, however often the event is delivered.
    if (!(await claimPush(playerId, n.id))) return;
    const [title, ...rest] = n.title.split(': ');
    const message = {
      title: title ?? n.title,
      body: rest.join(': ') || n.title,
      data: { type: n.type, clubId: n.clubId, tournamentId: n.tournamentId, ...n.data },
    };
    await Promise.all(
      devices.map(async (d) => {
        try {
          if ((await adapter.send(d.endpoint, d.platform, message)) === 'gone') {
            await deleteDevice(playerId, d.deviceId);
            await adapter.unregister(d.endpoint).catch(() => undefined);
          }
        } catch (e) {
          // One phone's failure does not hold the event back: the feed has the notification anyway.
          logger.warn('push not delivered', { deviceId: d.deviceId, type: n.type, error: (e as Error).message });
        }
      }),
    );
  }
}
