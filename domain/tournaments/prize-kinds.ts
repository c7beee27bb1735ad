import { checkFreeEntryDetails, freeEntryLabel, type FreeEntryDetails } from '../season/free-entry-prizes';

/**
 * R-MONEY-2, R-PRZ-1: structured prizes. A prize row says what kind of prize it is, so most rows need no
 * free text at all; free text stays as a description and goes through the money checker. A certificate
 * says what it is for (a dinner, three visits), never a face value; a satellite names the tournament
 * it enters.
 */
export const PRIZE_KINDS = [
  'trophy',
  'medal',
  'title',
  'rating_points',
  'merchandise',
  'certificate',
  'satellite',
  'free_entry',
  'other',
] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

export interface PrizeDetails {
  kind?: PrizeKind;
  /** certificate: what it is for ("ужин на двоих", "3 посещения"). */
  certificateFor?: string;
  /** satellite: the tournament the prize enters (its name or id). */
  entryTo?: string;
  /** rating_points: how many. */
  points?: number;
  /** free_entry (R-TICKET-2): what the ticket issued at the finish enters and for how long. */
  freeEntry?: FreeEntryDetails;
}

export const MAX_PRIZE_DETAIL = 200;
export const MAX_RATING_POINTS = 1_000_000;

/** The description a row without one shows, from its kind (Russian, as the rules are written). */
export function prizeLabel(d: PrizeDetails): string | undefined {
  switch (d.kind) {
    case 'trophy':
      return 'Кубок';
    case 'medal':
      return 'Медаль';
    case 'title':
      return 'Титул';
    case 'merchandise':
      return 'Мерч клуба';
    case 'rating_points':
      return d.points !== undefined ? `${d.points} рейтинговых очков` : undefined;
    case 'certificate':
      return d.certificateFor ? `Сертификат: ${d.certificateFor}` : undefined;
    case 'satellite':
      return d.entryTo ? `Вход в турнир: ${d.entryTo}` : undefined;
    case 'free_entry':
      return d.freeEntry ? freeEntryLabel(d.freeEntry) : undefined;
    default:
      return undefined;
  }
}

type Add = (field: string, message: string) => void;
type Text = (field: string, text: string) => void;

/** Reads and checks the structured part of a prize row; `text` runs the money checker on a detail. */
export function checkPrizeDetails(r: Record<string, unknown>, field: string, add: Add, text: Text): PrizeDetails {
  const out: PrizeDetails = {};
  const present = (k: string) => r[k] !== undefined && r[k] !== null;
  if (present('kind')) {
    if (typeof r.kind === 'string' && (PRIZE_KINDS as readonly string[]).includes(r.kind)) out.kind = r.kind as PrizeKind;
    else add(`${field}.kind`, `must be one of ${PRIZE_KINDS.join(', ')}`);
  }
  const detail = (key: 'certificateFor' | 'entryTo', kind: PrizeKind) => {
    const v = r[key];
    if (!present(key)) {
      if (out.kind === kind) add(`${field}.${key}`, `is required for a ${kind} prize`);
      return;
    }
    if (out.kind !== kind) {
      add(`${field}.${key}`, `only for a ${kind} prize`);
      return;
    }
    if (typeof v !== 'string' || v.trim().length === 0) add(`${field}.${key}`, 'must be a non-empty string');
    else if (v.trim().length > MAX_PRIZE_DETAIL) add(`${field}.${key}`, `must be at most ${MAX_PRIZE_DETAIL} characters`);
    else {
      out[key] = v.trim();
      text(`${field}.${key}`, v.trim());
    }
  };
  detail('certificateFor', 'certificate');
  detail('entryTo', 'satellite');
  if (present('points')) {
    if (out.kind !== 'rating_points') add(`${field}.points`, 'only for a rating_points prize');
    else if (typeof r.points !== 'number' || !Number.isInteger(r.points) || r.points < 1 || r.points > MAX_RATING_POINTS)
      add(`${field}.points`, `must be an integer from 1 to ${MAX_RATING_POINTS}`);
    else out.points = r.points;
  } else if (out.kind === 'rating_points') add(`${field}.points`, 'is required for a rating_points prize');
  if (present('freeEntry')) {
    if (out.kind !== 'free_entry') add(`${field}.freeEntry`, 'only for a free_entry prize');
    else {
      const details = r.freeEntry as FreeEntryDetails;
      const issues =
        typeof details === 'object'
          ? checkFreeEntryDetails(details, `${field}.freeEntry`)
          : [{ field: `${field}.freeEntry`, message: 'must be an object' }];
      for (const i of issues) add(i.field, i.message);
      if (issues.length === 0) out.freeEntry = { target: details.target, validDays: details.validDays };
    }
  } else if (out.kind === 'free_entry') add(`${field}.freeEntry`, 'is required for a free_entry prize');
  return out;
}
