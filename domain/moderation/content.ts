import type { Context } from '../core/context';
import { conflict, notFound, ruleError } from '../core/errors';

/*
 * R-MOD-1: the operator removes one piece of a club's content from public view, with a reason, and can
 * put it back. Nothing is deleted: the hidden item stays in the club's own views (so the club can see
 * what was hidden and why) and its record keeps who decided, when and why.
 */

export const CONTENT_KINDS = ['tournament', 'prize_row', 'mystery_prize'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const MAX_REASON = 1000;

export interface HiddenItem {
  reason: string;
  by: string;
  at: number;
  /** prize_row: the description hidden; an edited row with another text is a new row and shows again. */
  text?: string;
}

export interface ContentModeration {
  tournament?: HiddenItem;
  /** By index in the settings' prize list. */
  prizeRows?: Record<string, HiddenItem>;
  /** By mystery draw id. */
  mysteryPrizes?: Record<string, HiddenItem>;
}

export type ContentEvent =
  | { type: 'content.hidden'; kind: ContentKind; itemId: string; reason: string; by: string; at: number }
  | { type: 'content.restored'; kind: ContentKind; itemId: string; reason: string; by: string; at: number };

/** What the operator's command names, already checked to exist by the caller's state. */
export interface ContentTarget {
  kind: ContentKind;
  /** tournament: its id; prize_row: the index; mystery_prize: the draw id. */
  itemId: string;
  /** prize_row: the description at that index now. */
  text?: string;
}

export function checkReason(reason: unknown): string {
  const r = typeof reason === 'string' ? reason.trim() : '';
  if (r.length === 0 || r.length > MAX_REASON) {
    throw ruleError('MODERATION_REASON_REQUIRED', 'Say why, in 1 to 1000 characters', [
      { field: 'reason', message: `1..${MAX_REASON} characters` },
    ]);
  }
  return r;
}

function itemOf(m: ContentModeration | undefined, t: ContentTarget): HiddenItem | undefined {
  if (!m) return undefined;
  if (t.kind === 'tournament') return m.tournament;
  return (t.kind === 'prize_row' ? m.prizeRows : m.mysteryPrizes)?.[t.itemId];
}

function withItem(m: ContentModeration, t: ContentTarget, item: HiddenItem | undefined): ContentModeration {
  if (t.kind === 'tournament') {
    const { tournament: _old, ...rest } = m;
    return item ? { ...rest, tournament: item } : rest;
  }
  const key = t.kind === 'prize_row' ? 'prizeRows' : 'mysteryPrizes';
  const map = { ...(m[key] ?? {}) };
  if (item) map[t.itemId] = item;
  else delete map[t.itemId];
  return { ...m, [key]: map };
}

/**
 * Hides (`hidden`) or restores one item. Hiding what is hidden, or restoring what is shown, is a 409:
 * each decision is one audited act with its own reason.
 */
export function setContentHidden(
  current: ContentModeration | undefined,
  target: ContentTarget,
  command: { hidden: boolean; reason: string },
  ctx: Context,
): { moderation: ContentModeration; event: ContentEvent } {
  const reason = checkReason(command.reason);
  const existing = itemOf(current, target);
  const isHidden = existing !== undefined && (target.kind !== 'prize_row' || existing.text === target.text);
  if (command.hidden && isHidden) throw conflict('CONTENT_ALREADY_HIDDEN', `This ${target.kind} is already hidden`);
  if (!command.hidden && !isHidden) throw conflict('CONTENT_NOT_HIDDEN', `This ${target.kind} is not hidden`);
  const item: HiddenItem | undefined = command.hidden
    ? { reason, by: ctx.actor.id, at: ctx.now, ...(target.text !== undefined ? { text: target.text } : {}) }
    : undefined;
  const moderation = withItem(current ?? {}, target, item);
  const base = { kind: target.kind, itemId: target.itemId, reason, by: ctx.actor.id, at: ctx.now };
  return { moderation, event: command.hidden ? { type: 'content.hidden', ...base } : { type: 'content.restored', ...base } };
}

export const tournamentHidden = (m: ContentModeration | undefined): boolean => m?.tournament !== undefined;

/** A prize row is hidden while the row at its index still has the text that was hidden. */
export function prizeRowHidden(m: ContentModeration | undefined, index: number, description: string): boolean {
  return m?.prizeRows?.[String(index)]?.text === description;
}

/** The prize texts hidden from public view (for views that show prizes by text, such as results). */
export function hiddenPrizeTexts(m: ContentModeration | undefined): Set<string> {
  return new Set(Object.values(m?.prizeRows ?? {}).flatMap((i) => (i.text !== undefined ? [i.text] : [])));
}

export const mysteryPrizeHidden = (m: ContentModeration | undefined, drawId: string): boolean => m?.mysteryPrizes?.[drawId] !== undefined;

/** The target for a prize row by index, or 404 when the tournament has no such row. */
export function prizeRowTarget(prizes: readonly { description: string }[], index: number): ContentTarget {
  const row = prizes[index];
  if (!row) throw notFound('PRIZE_ROW_NOT_FOUND', `The tournament has no prize row ${index}`);
  return { kind: 'prize_row', itemId: String(index), text: row.description };
}

/**
 * Result rows as the public sees them: a hidden prize row's text and hidden mystery prizes left out.
 * `drawTexts` maps each mystery draw id to its prize text.
 */
export function publicResultRows<R extends { prize?: string; mysteryPrizes?: string[] }>(
  rows: readonly R[],
  m: ContentModeration | undefined,
  drawTexts: Readonly<Record<string, string | undefined>>,
): R[] {
  if (!m) return [...rows];
  const prizes = hiddenPrizeTexts(m);
  const mystery = new Set(
    Object.keys(m.mysteryPrizes ?? {}).flatMap((id) => (drawTexts[id] !== undefined ? [drawTexts[id] as string] : [])),
  );
  return rows.map((r) => {
    const out = { ...r };
    if (out.prize !== undefined && prizes.has(out.prize)) delete out.prize;
    if (out.mysteryPrizes) out.mysteryPrizes = out.mysteryPrizes.filter((t) => !mystery.has(t));
    return out;
  });
}
