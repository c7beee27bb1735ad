/**
 * R-HE-8: main and side pots from what each seat put in during the hand. Each level of a live (not folded)
 * seat's total closes a pot; a seat is eligible for the pots up to what it covered. Chips of folded seats stay
 * in the pots they reached.
 */
export interface Contribution {
  seat: number;
  /** What the seat put in during the hand, `dead` included. */
  total: number;
  /** Part of `total` that is no bet of the seat (R-HE-4: the BB ante, paid for the table): it goes to the main pot. */
  dead?: number;
  folded: boolean;
}

export interface Pot {
  amount: number;
  /** Seats that contest this pot, clockwise from the first seat left of the button. */
  eligible: number[];
  /** Chips only one seat put in and nobody matched: given back, not won (the "uncalled bet"). */
  uncalled: boolean;
}

export function buildPots(withDead: readonly Contribution[]): Pot[] {
  // Dead money is nobody's bet: it is never matched nor returned, and whoever wins the main pot takes it.
  const dead = withDead.reduce((sum, c) => sum + (c.dead ?? 0), 0);
  const all = withDead.map((c) => ({ seat: c.seat, total: c.total - (c.dead ?? 0), folded: c.folded }));
  const returned: Pot[] = [];
  // Chips nobody live could match go back: a folded seat's dead money above every live total, then the part of
  // the largest live bet that nobody else reached (the uncalled bet).
  const maxLive = all.filter((c) => !c.folded).reduce((m, c) => Math.max(m, c.total), 0);
  let contributions = all.map((c) => {
    if (!c.folded || c.total <= maxLive) return c;
    returned.push({ amount: c.total - maxLive, eligible: [c.seat], uncalled: true });
    return { ...c, total: maxLive };
  });
  const owners = contributions.filter((c) => c.total === maxLive && maxLive > 0);
  const owner = owners[0];
  if (owners.length === 1 && owner && !owner.folded) {
    const second = contributions.filter((c) => c !== owner).reduce((m, c) => Math.max(m, c.total), 0);
    if (maxLive > second) {
      returned.push({ amount: maxLive - second, eligible: [owner.seat], uncalled: true });
      contributions = contributions.map((c) => (c === owner ? { ...c, total: second } : c));
    }
  }
  const levels = [...new Set(contributions.filter((c) => !c.folded && c.total > 0).map((c) => c.total))].sort((a, b) => a - b);
  const pots: Pot[] = [];
  let prev = 0;
  for (const level of levels) {
    let amount = 0;
    for (const c of contributions) amount += Math.min(c.total, level) - Math.min(c.total, prev);
    const eligible = contributions.filter((c) => !c.folded && c.total >= level).map((c) => c.seat);
    const before = pots[pots.length - 1];
    if (before && before.eligible.length === eligible.length && before.eligible.every((s, k) => s === eligible[k])) {
      before.amount += amount;
    } else {
      pots.push({ amount, eligible, uncalled: false });
    }
    prev = level;
  }
  if (dead > 0) {
    const main = pots[0];
    if (main) main.amount += dead;
    else pots.push({ amount: dead, eligible: contributions.filter((c) => !c.folded).map((c) => c.seat), uncalled: false });
  }
  return [...pots, ...returned].filter((p) => p.amount > 0);
}

/**
 * R-HE-2, R-HE-7: a pot split equally between winners; chips that do not divide go one each to the winners
 * first clockwise from the button. `winners` must already be in that order.
 */
export function splitPot(amount: number, winners: readonly number[]): { seat: number; amount: number }[] {
  const share = Math.floor(amount / winners.length);
  const odd = amount - share * winners.length;
  return winners.map((seat, i) => ({ seat, amount: share + (i < odd ? 1 : 0) }));
}
