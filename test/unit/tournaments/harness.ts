import type { Actor, Context } from '../../../domain/core/context';
import { isDomainError } from '../../../domain/core/errors';
import type { DomainError } from '../../../domain/core/errors';
import { seededRandom } from '../../../domain/core/random';
import { changeStatus, checkIn, createTournament, register } from '../../../domain/tournaments';
import type { SettingsInput, Tournament, TournamentEvent, TournamentResult, TournamentStatus } from '../../../domain/tournaments';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
/** Scheduled start of the test tournaments. */
export const START = Date.UTC(2025, 2, 14, 18, 0);
export const STAFF: Actor = { id: 'usr_floor', role: 'manager' };
export const CASHIER: Actor = { id: 'usr_cashier', role: 'cashier' };
export const player = (id: string): Actor => ({ id, role: 'player' });

export function baseSettings(over: Partial<SettingsInput> = {}): SettingsInput {
  return {
    name: 'Friday Deepstack',
    startAt: START,
    lateRegEndsAt: START + 2 * HOUR,
    buyIn: 150_000,
    startingStack: 20_000,
    ...over,
  };
}

type Op<C> = (state: Tournament, command: C, ctx: Context) => TournamentResult;

/** A tournament with a clock and an id counter, run through the real operations. */
export class Desk {
  state: Tournament;
  now: number;
  events: TournamentEvent[] = [];
  private seq = 0;

  constructor(settings: Partial<SettingsInput> = {}, status: TournamentStatus = 'registration_open', now = START - HOUR) {
    this.now = now;
    this.state = createTournament({ clubId: 'club_1', clubCurrency: 'RUB', settings: baseSettings(settings) }, this.ctx()).state;
    const path: TournamentStatus[] = ['registration_open', 'running', 'finished'];
    if (status === 'cancelled') this.status('cancelled');
    else for (const s of path.slice(0, path.indexOf(status) + 1)) this.status(s);
  }

  ctx(actor: Actor = STAFF): Context {
    return { now: this.now, actor, rng: seededRandom(7), newId: (prefix) => `${prefix}_${++this.seq}` };
  }

  run<C>(op: Op<C>, command: C, actor: Actor = STAFF): TournamentResult {
    const r = op(this.state, command, this.ctx(actor));
    this.state = r.state;
    this.events = r.events;
    return r;
  }

  /** Runs and returns the refusal (or fails the test if the operation succeeded). */
  refuse<C>(op: Op<C>, command: C, actor: Actor = STAFF): DomainError {
    const before = this.state;
    try {
      op(this.state, command, this.ctx(actor));
    } catch (e) {
      if (isDomainError(e)) {
        if (this.state !== before) throw new Error('state changed on refusal');
        return e;
      }
      throw e;
    }
    throw new Error('expected a refusal');
  }

  status(to: TournamentStatus): void {
    this.run(changeStatus, { to });
  }

  register(playerId: string): string {
    this.run(register, { playerId, otherRegistrations: [] });
    const reg = Object.values(this.state.registrations).find((r) => r.playerId === playerId && r.status !== 'cancelled');
    if (!reg) throw new Error('no registration');
    return reg.id;
  }

  /** Registers and checks in; returns the entry id. */
  seat(playerId: string): string {
    const regId = this.register(playerId);
    this.run(checkIn, { registrationId: regId });
    const entryId = this.state.registrations[regId]?.entryId;
    if (!entryId) throw new Error('no entry');
    return entryId;
  }

  reg(playerId: string) {
    const r = Object.values(this.state.registrations).find((x) => x.playerId === playerId && x.status !== 'cancelled');
    if (!r) throw new Error(`no live registration for ${playerId}`);
    return r;
  }

  entriesOf(playerId: string) {
    return Object.values(this.state.entries)
      .filter((e) => e.playerId === playerId)
      .sort((a, b) => a.number - b.number);
  }

  feesOf(playerId: string) {
    return Object.values(this.state.fees).filter((f) => f.playerId === playerId);
  }
}
