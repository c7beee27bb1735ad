import { isDomainError } from '../core/errors';
import { checkSatelliteSettings, type SatelliteSettings } from '../season/satellite';
import type { TicketTarget } from '../season/tickets';

/*
 * R-SAT-1..3 on a tournament's settings: `satellite` as the API states it (a target tournament or series,
 * a fixed number of seats or one per M entries, what a winner already in the target gets). The season
 * domain's SatelliteSettings is derived from it (satelliteOf); the stored field keeps the API's shape, so
 * a tournament reads back as it was written.
 */

export const ALREADY_IN_TARGET_POLICIES = ['pass_to_next', 'other_event'] as const;
/** Seat tickets expire this many days after the finish unless the organiser says otherwise. */
export const DEFAULT_SEAT_VALID_DAYS = 90;

export interface SatelliteSetting {
  targetTournamentId?: string;
  targetSeriesId?: string;
  /** A fixed number of seats... */
  seats?: number;
  /** ...or one seat per this many entries (at least one seat). */
  entriesPerSeat?: number;
  /** R-SAT-3: the organiser's choice for a winner already seated or registered in the target. */
  alreadyInTarget: (typeof ALREADY_IN_TARGET_POLICIES)[number];
  /** R-SAT-3 other_event: the event that winner's ticket enters instead. */
  otherEventTarget?: TicketTarget;
  ticketValidDays: number;
}

/** The season domain's settings of a stored satellite field. */
export function satelliteOf(s: SatelliteSetting): SatelliteSettings {
  return {
    target:
      s.targetTournamentId !== undefined
        ? { kind: 'tournament', tournamentId: s.targetTournamentId }
        : { kind: 'series', seriesId: s.targetSeriesId as string },
    seats: s.seats !== undefined ? { mode: 'fixed', count: s.seats } : { mode: 'per_entries', entriesPerSeat: s.entriesPerSeat as number },
    alreadyInTarget:
      s.alreadyInTarget === 'other_event' && s.otherEventTarget
        ? { policy: 'other_event', target: s.otherEventTarget }
        : { policy: 'pass_to_next' },
    ticketValidDays: s.ticketValidDays,
  };
}

/**
 * Checks the raw field; every issue goes through `add` (field names under `satellite.`). Answers the
 * normalised setting, or undefined when absent or refused.
 */
export function checkSatelliteField(
  value: unknown,
  add: (field: string, message: string, code?: string) => void,
): SatelliteSetting | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    add('satellite', 'must be an object');
    return undefined;
  }
  const raw = value as Record<string, unknown>;
  const before = { n: 0 };
  const note = (field: string, message: string, code?: string) => {
    before.n += 1;
    add(`satellite.${field}`, message, code);
  };
  const hasTournament = raw.targetTournamentId !== undefined;
  const hasSeries = raw.targetSeriesId !== undefined;
  if (hasTournament === hasSeries) note('targetTournamentId', 'give either targetTournamentId or targetSeriesId (R-SAT-1)');
  const hasSeats = raw.seats !== undefined;
  const hasPer = raw.entriesPerSeat !== undefined;
  if (hasSeats === hasPer) note('seats', 'give either seats or entriesPerSeat (R-SAT-1)');
  const policy = raw.alreadyInTarget ?? 'pass_to_next';
  if (!(ALREADY_IN_TARGET_POLICIES as readonly unknown[]).includes(policy))
    note('alreadyInTarget', `must be one of ${ALREADY_IN_TARGET_POLICIES.join(', ')}`);
  if (policy === 'other_event' && raw.otherEventTarget === undefined)
    note('otherEventTarget', 'is required with alreadyInTarget other_event');
  if (policy !== 'other_event' && raw.otherEventTarget !== undefined) note('otherEventTarget', 'only with alreadyInTarget other_event');
  if (before.n > 0) return undefined;
  const setting: SatelliteSetting = {
    ...(hasTournament ? { targetTournamentId: raw.targetTournamentId as string } : { targetSeriesId: raw.targetSeriesId as string }),
    ...(hasSeats ? { seats: raw.seats as number } : { entriesPerSeat: raw.entriesPerSeat as number }),
    alreadyInTarget: policy as SatelliteSetting['alreadyInTarget'],
    ...(raw.otherEventTarget !== undefined ? { otherEventTarget: raw.otherEventTarget as TicketTarget } : {}),
    ticketValidDays: (raw.ticketValidDays as number | undefined) ?? DEFAULT_SEAT_VALID_DAYS,
  };
  try {
    checkSatelliteSettings(satelliteOf(setting));
  } catch (e) {
    if (!isDomainError(e)) throw e;
    // The season domain names its fields in its own shape; say them as the API does.
    const rename: Record<string, string> = {
      'target.tournamentId': 'targetTournamentId',
      'target.seriesId': 'targetSeriesId',
      'seats.count': 'seats',
      'seats.entriesPerSeat': 'entriesPerSeat',
    };
    for (const i of e.errors ?? [{ field: '', message: e.message }]) {
      const field = rename[i.field] ?? i.field.replace(/^alreadyInTarget\.target/, 'otherEventTarget');
      note(field, i.message, e.code);
    }
    return undefined;
  }
  return setting;
}

/** Seats a fixed satellite reserves in the finish's transaction (a per-entries one is bounded at the finish). */
export const fixedSeats = (s: SatelliteSetting | undefined): number => s?.seats ?? 0;
