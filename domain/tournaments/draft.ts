import { putRecord, recordAt, recordValues } from '../core/record-map';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import type { TournamentEvent } from './events';
import type { Entry, FeeOperation, Registration, Settlement, Tournament, TournamentResult, TournamentStatus } from './types';

interface Collections {
  registrations: Registration;
  entries: Entry;
  fees: FeeOperation;
  settlements: Settlement;
}
type CollectionName = keyof Collections;

/**
 * One operation's changes over a tournament. The maps are record maps (core/record-map.ts): a put shares
 * all but what it touches with the map before, so an operation costs what it changes, not the field,
 * and the input is never mutated. Untouched maps keep their identity, which lets storage skip them.
 */
export class Draft {
  private readonly copies: { [K in CollectionName]?: Record<string, Collections[K]> } = {};
  private changedRoot: Partial<Pick<Tournament, 'status' | 'settings'>> = {};
  readonly events: TournamentEvent[] = [];
  /**
   * R-LATE-1 / R-NOSHOW-2: the forced bets one seat has posted so far by the clock, for the operations
   * that are told it (check-in, no-shows); 0 when unknown or before the clock starts.
   */
  forcedBetsPosted = 0;

  constructor(
    readonly base: Tournament,
    readonly ctx: Context,
  ) {}

  get status(): TournamentStatus {
    return this.changedRoot.status ?? this.base.status;
  }

  get settings(): Tournament['settings'] {
    return this.changedRoot.settings ?? this.base.settings;
  }

  setRoot(patch: Partial<Pick<Tournament, 'status' | 'settings'>>): void {
    this.changedRoot = { ...this.changedRoot, ...patch };
  }

  all<K extends CollectionName>(name: K): Readonly<Record<string, Collections[K]>> {
    return (this.copies[name] ?? this.base[name]) as Record<string, Collections[K]>;
  }

  put<K extends CollectionName>(name: K, record: Collections[K]): void {
    (this.copies as Record<string, unknown>)[name] = putRecord(this.all(name), record.id, record);
  }

  registration(id: string): Registration {
    const r = recordAt(this.all('registrations'), id);
    if (!r) throw notFound('REGISTRATION_NOT_FOUND', `No registration ${id} in this tournament`);
    return r;
  }

  entry(id: string): Entry {
    const e = recordAt(this.all('entries'), id);
    if (!e) throw notFound('ENTRY_NOT_FOUND', `No entry ${id} in this tournament`);
    return e;
  }

  emit(event: TournamentEvent): void {
    this.events.push(event);
  }

  /** The new state, or the very same object when nothing changed (idempotent operations rely on it). */
  result(): TournamentResult {
    const changed = Object.keys(this.copies).length > 0 || Object.keys(this.changedRoot).length > 0;
    if (!changed) return { state: this.base, events: this.events };
    return {
      state: {
        ...this.base,
        ...this.changedRoot,
        registrations: this.copies.registrations ?? this.base.registrations,
        entries: this.copies.entries ?? this.base.entries,
        fees: this.copies.fees ?? this.base.fees,
        settlements: this.copies.settlements ?? this.base.settlements,
        updatedAt: this.ctx.now,
      },
      events: this.events,
    };
  }
}

/** Omits keys whose value is undefined: records are stored as they are, with no undefined attributes. */
export function without<T extends object, K extends keyof T>(record: T, ...keys: K[]): Omit<T, K> {
  const out = { ...record };
  for (const k of keys) delete out[k];
  return out;
}

/** The records of a map that match. */
export function pick<T>(map: Readonly<Record<string, T>>, match: (record: T) => boolean): T[] {
  return recordValues(map).filter(match);
}
