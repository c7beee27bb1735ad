/** A seat of a Duplicate table as the round's view answers it. */
export type DuplicateSeat = { seat: number; playerId: string | null; name: string | null };

/** Hand 1 (button on seat 1, big blind on seat 3): everybody folds in turn from the seat after the big blind until one is left. */
export function foldToBigBlind(seats: readonly DuplicateSeat[]): { seat: number; action: 'fold' }[] {
  const n = seats.length;
  let live = seats.filter((s) => s.playerId !== null).length;
  const actions: { seat: number; action: 'fold' }[] = [];
  for (let k = 0; k < n && live > 1; k++) {
    const seat = ((3 + k) % n) + 1;
    if (seats[seat - 1]?.playerId === null) continue;
    actions.push({ seat, action: 'fold' });
    live--;
  }
  return actions;
}
