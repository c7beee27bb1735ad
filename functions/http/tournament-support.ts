import type { SettingsInput, SettingsPatch } from '../../domain/tournaments';
import type { Role } from '../../domain/core/context';
import { problem } from '../platform/problem';
import type { RouteRequest, RouteResult } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import type { FloorTournament } from '../../domain/floor/aggregate';
import type { TournamentCommand } from '../app/tournament-command';
import { moneyDecisionView, moneyHoldView } from './money-hold-view';
import { shootoutField } from './shootout-view';

import { currentFieldViews } from '../../domain/floor/field-views';

const TIME_FIELDS = ['startAt', 'lateRegEndsAt', 'reentryEndsAt', 'addonEndsAt', 'rebuyEndsAt'] as const;

const toMs = (iso: string): number => Date.parse(iso);
const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

/** API settings (ISO times) to the domain's (ms). */
export function settingsFromBody<T extends Record<string, unknown>>(body: T): T {
  const out: Record<string, unknown> = { ...body };
  for (const f of TIME_FIELDS) if (typeof out[f] === 'string') out[f] = toMs(out[f] as string);
  return out as T;
}

export const createInput = (body: Record<string, unknown>): SettingsInput => settingsFromBody(body) as unknown as SettingsInput;
export const patchInput = (body: Record<string, unknown>): SettingsPatch => settingsFromBody(body) as unknown as SettingsPatch;

export function settingsView(s: FloorTournament['settings']): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  for (const f of TIME_FIELDS) if (typeof out[f] === 'number') out[f] = iso(out[f] as number);
  return out;
}

/** The registrations' and entries' counts, kept by the fold (domain/floor/field-views.ts). */
function countsOf(t: FloorTournament) {
  const v = currentFieldViews(t);
  return { ...v.registrations, ...v.entries };
}

export function tournamentView(t: FloorTournament) {
  return {
    tournamentId: t.id,
    clubId: t.clubId,
    status: t.status,
    version: t.version,
    ...(t.seriesId ? { seriesId: t.seriesId } : {}),
    settings: settingsView(t.settings),
    counts: countsOf(t),
    createdAt: iso(t.createdAt) as string,
    updatedAt: iso(t.updatedAt) as string,
    // R-MONEY-2: the club sees which texts wait for an operator, and why.
    ...(t.moneyHold ? { moneyHold: moneyHoldView(t.moneyHold) } : {}),
    ...(t.moneyDecision ? { moneyReview: moneyDecisionView(t.moneyDecision) } : {}),
    ...shootoutField(t),
  };
}

/** Record ids are named after what they are (`registrationId`, `entryId`, ...) and times are ISO. */
export function recordView<T extends { id: string }>(r: T, idName: string): Record<string, unknown> {
  const { id, ...rest } = r;
  const out: Record<string, unknown> = { [idName]: id };
  // Instants are epoch milliseconds inside and ISO date-times on the wire: `at` and every `…At`.
  for (const [k, v] of Object.entries(rest)) out[k] = typeof v === 'number' && /^at$|At$/.test(k) ? iso(v) : v;
  return out;
}

/** `If-Match: 7` or `If-Match: "7"`: the version the client last saw. */
export function ifMatch(req: RouteRequest<unknown, unknown, unknown>): number | undefined {
  const h = req.headers['if-match'];
  if (h === undefined || h === '*') return undefined;
  const n = Number(h.replace(/^W\//, '').replaceAll('"', ''));
  if (!Number.isInteger(n) || n < 0) throw problem(400, 'VALIDATION_FAILED', 'If-Match must be a tournament version');
  return n;
}

/** The command a tournament route issues: the tournament in its path, the caller, its If-Match. */
export function commandOf(req: RouteRequest<{ clubId: string; tournamentId: string }, unknown, unknown>, role?: Role): TournamentCommand {
  return { clubId: req.params.clubId, tournamentId: req.params.tournamentId, ctx: domainContext(req, role), expectedVersion: ifMatch(req) };
}

export const versioned = (status: number, version: number, body: unknown): RouteResult => ({
  status,
  body,
  headers: { etag: `"${version}"` },
});
