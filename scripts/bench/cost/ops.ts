/** The operations the cost benchmark measures, by the name the report shows. */
export const OP = {
  createStructure: 'create blind structure',
  createTournament: 'create tournament',
  openRegistration: 'open registration',
  register: 'register (desk)',
  lateRegistration: 'late registration (desk)',
  checkIn: 'check in',
  listRegistrations: 'registrations GET',
  myRegistrations: 'my registrations GET (player)',
  start: 'start tournament',
  draw: 'seating draw',
  clockStart: 'clock start',
  levelEnd: 'level end (scheduled job)',
  noShows: 'no-shows (scheduled job)',
  publicClock: 'clock GET (public)',
  getTournament: 'tournament GET',
  tables: 'tables GET',
  notifications: 'notifications GET (player)',
  reentry: 're-entry',
  rebuy: 'rebuy',
  addon: 'add-on',
  knockout: 'knockout',
  tableBreak: 'table break',
  finalTable: 'final table',
  settlement: 'settlement',
  finish: 'finish',
  results: 'results GET (JSON)',
  resultsCsv: 'results GET (CSV)',
  publicResults: 'results GET (public)',
  snapshots: 'snapshots',
  deskCheckIn1: 'check in, 1 desk',
  deskCheckIn8: 'check in, 8 desks',
  deskKnockout1: 'knockout, 1 desk',
  deskKnockout8: 'knockout, 8 desks',
} as const;

export type OpName = (typeof OP)[keyof typeof OP];

/** Reads (at most 2 round trips each), scheduled jobs (no gateway request), and the rest: mutating requests. */
export type OpKind = 'read' | 'job' | 'write';

export function kindOf(op: string): OpKind {
  if (op.includes('GET')) return 'read';
  if (op.includes('scheduled job')) return 'job';
  return 'write';
}

/** Writes the round-trip target does not bind (one-off commands over the whole field), as the targets say. */
export const ROUND_TRIP_EXEMPT: ReadonlySet<string> = new Set([OP.draw, OP.finish, OP.clockStart]);

/**
 * Operations whose work is the whole field by nature (a draw seats everyone, finish places everyone, a
 * results page lists everyone): the growth target binds their units per player, not per call.
 */
export const FIELD_WIDE: ReadonlySet<string> = new Set([OP.draw, OP.finish, OP.results, OP.resultsCsv, OP.publicResults]);

/** The order of the report's rows: the evening's order. */
export const ORDER: readonly string[] = Object.values(OP);
