import type { DuplicateEvent } from '../../domain/duplicate/event';
import { names } from './duplicate-support';

/** A Duplicate event's standings as the route and the screen show them: each round's, and the field by total. */
export function standingsView(ev: DuplicateEvent) {
  const who = names(ev);
  const latest = new Map<string, number>();
  for (const r of ev.rounds) for (const p of r.results?.players ?? []) latest.set(p.playerId, p.total);
  return {
    eventId: ev.eventId,
    name: ev.settings.name,
    status: ev.status,
    rounds: ev.rounds.map((r) => ({
      round: r.round,
      status: r.status,
      commitment: r.commitment,
      seed: r.seed ?? null,
      standings: r.results ? r.results.players.map((p) => ({ ...p, name: who[p.playerId] ?? p.playerId })) : null,
    })),
    field: ev.players
      .filter((p) => p.status !== 'withdrawn')
      .map((p) => ({
        playerId: p.playerId,
        name: p.name,
        status: p.status,
        ...(p.eliminatedInRound ? { eliminatedInRound: p.eliminatedInRound } : {}),
        total: latest.get(p.playerId) ?? 0,
      }))
      .sort((a, b) => (a.status === b.status ? b.total - a.total : a.status === 'active' ? -1 : 1)),
  };
}
