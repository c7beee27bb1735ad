import { afterEach, describe, expect, it } from 'vitest';
import { useNotifier } from '../../../functions/adapters/notifications';
import type { NotificationPort, PlayerNotification } from '../../../functions/adapters/notifications';
import { fanOut } from '../../../functions/adapters/notifications/port';
import { notifyTournamentEvents, registeredPlayers } from '../../../functions/adapters/notifications/tournament-notifications';
import type { StoredTournament } from '../../../functions/store/tournament-store';
import { initialTimer, next, overrideCurrentLevel, start } from '../../../domain/clock';
import type { BlindStructure } from '../../../domain/clock';

const T0 = Date.UTC(2026, 10, 29, 18);
const structure: BlindStructure = {
  id: 's',
  name: 'g',
  anteType: 'classic',
  levels: [
    { smallBlind: 100, bigBlind: 200, ante: 0, durationSec: 600, isBreak: false },
    { smallBlind: 0, bigBlind: 0, ante: 0, durationSec: 900, isBreak: true },
    { smallBlind: 200, bigBlind: 400, ante: 50, durationSec: 600, isBreak: false },
  ],
};

const reg = (id: string, playerId: string, status: string) => ({
  id,
  playerId,
  status,
  seq: 1,
  registeredAt: T0,
  registeredBy: 'x',
  source: 'staff',
});

function tournament(timer = start(initialTimer(), structure, T0).timer): StoredTournament {
  return {
    id: 'trn_1',
    clubId: 'club_1',
    status: 'running',
    version: 2,
    updatedAt: T0,
    settings: { name: 'Sunday Cup' },
    registrations: {
      r1: reg('r1', 'p1', 'checked_in'),
      r2: reg('r2', 'p2', 'registered'),
      r3: reg('r3', 'p3', 'cancelled'),
      r4: reg('r4', 'p4', 'waitlisted'),
      r5: reg('r5', 'p1', 'cancelled'),
    },
    clock: { timer, structure },
  } as unknown as StoredTournament;
}

class Recording implements NotificationPort {
  sent: { to: readonly string[]; n: PlayerNotification }[] = [];
  async publish(to: readonly string[], n: PlayerNotification) {
    this.sent.push({ to, n });
  }
}

afterEach(() => useNotifier(undefined));

describe('what players are told', () => {
  it('R-CLK-4: entering a break tells "break started", leaving it "break ended" and the new level, to every live registration', async () => {
    const rec = new Recording();
    useNotifier(rec);
    const onBreak = next(start(initialTimer(), structure, T0).timer, structure, T0 + 60_000);
    let t = tournament(onBreak.timer);
    await notifyTournamentEvents(t, onBreak.events);
    expect(rec.sent.map((s) => [s.n.type, s.n.title, s.n.data.breakNumber])).toEqual([
      ['break.started', 'Sunday Cup: break 1 started (15 min)', 1],
    ]);
    expect(rec.sent[0]?.to).toEqual(['p1', 'p2', 'p4']);
    expect(rec.sent[0]?.n.at).toBe(T0 + 60_000);

    rec.sent = [];
    const after = next(onBreak.timer, structure, T0 + 120_000);
    t = tournament(after.timer);
    await notifyTournamentEvents(t, after.events);
    expect(rec.sent.map((s) => [s.n.type, s.n.title])).toEqual([
      ['break.ended', 'Sunday Cup: break 1 ended'],
      ['level.started', 'Sunday Cup: level 2: 200/400, ante 50'],
    ]);
    expect(rec.sent[1]?.n.data).toMatchObject({
      levelIndex: 2,
      levelNumber: 2,
      smallBlind: 200,
      bigBlind: 400,
      ante: 50,
      cause: 'command',
    });
  });

  it('a level shows the blinds in force, overrides included; the same event always has the same id', async () => {
    const rec = new Recording();
    useNotifier(rec);
    const started = start(initialTimer(), structure, T0);
    const overridden = overrideCurrentLevel(started.timer, structure, T0, { smallBlind: 150, bigBlind: 300, ante: 0 });
    const t = tournament(overridden.timer);
    await notifyTournamentEvents(t, started.events);
    await notifyTournamentEvents(t, started.events);
    expect(rec.sent[0]?.n.title).toBe('Sunday Cup: level 1: 150/300');
    expect(rec.sent[0]?.n.id).toBe(rec.sent[1]?.n.id);
  });

  it('R-NOSHOW-1, R-NOSHOW-2: the player concerned learns of a no-show decision; unregistering tells nobody', async () => {
    const rec = new Recording();
    useNotifier(rec);
    await notifyTournamentEvents(tournament(), [
      { type: 'registration.cancelled', registrationId: 'r2', playerId: 'p2', reason: 'no_show' },
      { type: 'registration.cancelled', registrationId: 'r4', playerId: 'p4', reason: 'waitlist_expired' },
      { type: 'registration.absent', registrationId: 'r9', playerId: 'p9', entryId: 'e9' },
      { type: 'registration.cancelled', registrationId: 'r1', playerId: 'p1', reason: 'unregistered' },
      { type: 'entry.busted' },
    ] as { type: string }[]);
    expect(rec.sent.map((s) => [s.n.type, s.to])).toEqual([
      ['registration.no_show', ['p2']],
      ['registration.waitlist_expired', ['p4']],
      ['registration.absent', ['p9']],
    ]);
  });

  it('a failing channel never fails the change it reports; fanOut sends to every channel', async () => {
    const rec = new Recording();
    useNotifier(fanOut(rec, { publish: async () => Promise.reject(new Error('push down')) }));
    await expect(notifyTournamentEvents(tournament(), start(initialTimer(), structure, T0).events)).resolves.toBeUndefined();
    expect(rec.sent).toHaveLength(1);
  });

  it('registered players are the live registrations, each player once', () => {
    expect(registeredPlayers(tournament()).sort()).toEqual(['p1', 'p2', 'p4']);
  });
});
