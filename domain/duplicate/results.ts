import type { DuplicateSettings, RoundSettings } from './settings';
import { seatGroups, type DupTable } from './seating';

/**
 * A round's results from its inputs alone (the seating, the carry-in of each player, the chip counts):
 * the same inputs give the same results on any machine (R-DUP-3, R-DUP-4, R-DUP-6).
 */
export interface PlayerRoundResult {
  playerId: string;
  table: number;
  seat: number;
  chips: number;
  /** The total carried in from the round before (0 in the first round). */
  carryIn: number;
  /** This round's points, from the seat group only (R-DUP-3). */
  points: number;
  /** carryIn + points: what elimination compares (R-DUP-4). */
  total: number;
  /** 1 = most chips in the seat group; equal chips share a rank. */
  groupRank: number;
  groupSize: number;
  /** R-DUP-6: total capped to +-n x BB, the next round's starting total. */
  carryOut: number;
  eliminated: boolean;
  /** Place in the field by total, then chips (equal both: equal place). */
  place: number;
}

export interface RoundResults {
  players: PlayerRoundResult[];
  eliminated: string[];
  survivors: string[];
}

export interface RoundInputs {
  settings: Pick<DuplicateSettings, 'points' | 'elimination' | 'tieRule' | 'carryOverCapBB'>;
  round: Pick<RoundSettings, 'bigBlind' | 'elimination'>;
  tables: readonly DupTable[];
  carryIn: Readonly<Record<string, number>>;
  chips: Readonly<Record<string, number>>;
}

/** Half away from zero: deterministic on every machine for the whole-number ratios used here. */
const roundHalfAway = (num: number, den: number): number => {
  const q = Math.abs(num) / den;
  const r = Math.floor(q + 0.5);
  return num < 0 ? -r : r;
};

const clamp = (v: number, cap: number): number => Math.max(-cap, Math.min(cap, v));

/**
 * R-DUP-3: points within a seat group only. `chips-vs-average` (Match Poker: chips against the others in the
 * same seat): chips minus the group's average, rounded half away from zero. `rank`: (players beaten - players
 * ahead) x BB. Both sum to about zero in each group (normalised); a player alone in a seat scores 0.
 */
export function groupPoints(rule: DuplicateSettings['points'], chips: readonly number[], bigBlind: number): number[] {
  const g = chips.length;
  const sum = chips.reduce((a, c) => a + c, 0);
  return chips.map((c) => {
    if (rule === 'chips-vs-average') return roundHalfAway(g * c - sum, g);
    const beaten = chips.filter((o) => o < c).length;
    const ahead = chips.filter((o) => o > c).length;
    return (beaten - ahead) * bigBlind;
  });
}

/** Worst first: lower total, then fewer chips this round. */
const worse = (a: PlayerRoundResult, b: PlayerRoundResult): number => a.total - b.total || a.chips - b.chips;

/**
 * R-DUP-4: who goes among `pool` (a seat group or the field). Never the whole pool. At the line, players equal
 * on total and chips all stay (`keep-tied`) or all go (`eliminate-tied`, unless that would empty the pool).
 */
export function eliminateFrom(pool: readonly PlayerRoundResult[], rule: RoundInputs['settings']): string[] {
  const n = pool.length;
  const wanted = rule.elimination.count ?? Math.floor((rule.elimination.share ?? 0) * n);
  const k = Math.min(wanted, n - 1);
  if (k <= 0) return [];
  const sorted = [...pool].sort((a, b) => worse(a, b) || (a.playerId < b.playerId ? -1 : 1));
  const line = sorted[k - 1] as PlayerRoundResult;
  const after = sorted[k];
  if (!after || worse(line, after) !== 0) return sorted.slice(0, k).map((p) => p.playerId);
  const below = sorted.filter((p) => worse(p, line) < 0);
  const tied = sorted.filter((p) => worse(p, line) === 0);
  if (rule.tieRule === 'eliminate-tied' && below.length + tied.length < n) return [...below, ...tied].map((p) => p.playerId);
  return below.map((p) => p.playerId);
}

export function computeRound(input: RoundInputs): RoundResults {
  const { round } = input;
  // A round may set its own elimination rule (R-DUP-4: how many go may differ round by round).
  const settings = round.elimination ? { ...input.settings, elimination: round.elimination } : input.settings;
  const cap = settings.carryOverCapBB * round.bigBlind;
  const players: PlayerRoundResult[] = [];
  const groups = seatGroups(input.tables);
  for (const [seat, members] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
    const chips = members.map((m) => {
      const c = input.chips[m.playerId];
      if (c === undefined) throw new Error(`no chip count for ${m.playerId}`);
      return c;
    });
    const points = groupPoints(settings.points, chips, round.bigBlind);
    members.forEach((m, i) => {
      const c = chips[i] as number;
      const carryIn = input.carryIn[m.playerId] ?? 0;
      const total = carryIn + (points[i] as number);
      players.push({
        playerId: m.playerId,
        table: m.table,
        seat,
        chips: c,
        carryIn,
        points: points[i] as number,
        total,
        groupRank: 1 + chips.filter((o) => o > c).length,
        groupSize: members.length,
        carryOut: clamp(total, cap),
        eliminated: false,
        place: 0,
      });
    });
  }
  const out = new Set<string>();
  if (settings.elimination.scope === 'field') eliminateFrom(players, settings).forEach((p) => out.add(p));
  else
    for (const seat of groups.keys())
      eliminateFrom(
        players.filter((p) => p.seat === seat),
        settings,
      ).forEach((p) => out.add(p));
  for (const p of players) p.eliminated = out.has(p.playerId);
  players.sort((a, b) => worse(b, a) || (a.playerId < b.playerId ? -1 : 1));
  players.forEach((p, i) => {
    const prev = players[i - 1];
    p.place = prev && worse(prev, p) === 0 ? prev.place : i + 1;
  });
  return {
    players,
    eliminated: players.filter((p) => p.eliminated).map((p) => p.playerId),
    survivors: players.filter((p) => !p.eliminated).map((p) => p.playerId),
  };
}
