import { seededRandom } from '../../../domain/core/random';
import { applyAction, legalActions, type Action, type HandState } from '../../../domain/holdem/hand';
import { startFromRecord, type HandRecordV1 } from '../../../domain/holdem/record';

/**
 * Plays a hand to the end with legal actions picked by a seeded source (folds rarer than calls, some
 * raises and all-ins, some timeouts), recording each action. `check` runs after every action.
 */
export function playRandomHand(
  rec: HandRecordV1,
  seed: number,
  check?: (st: HandState) => void,
): { record: HandRecordV1; state: HandState } {
  const rng = seededRandom(seed);
  const st = startFromRecord(rec);
  const actions: HandRecordV1['actions'] = [];
  check?.(st);
  for (let guard = 0; guard < 500 && !st.complete; guard++) {
    const l = legalActions(st);
    if (!l) throw new Error('a running hand must have a seat to act');
    const roll = rng.next();
    let action: Action;
    const can = (t: string) => l.actions.includes(t as Action['type']);
    if (roll < 0.05) action = { seat: l.seat, type: 'timeout' };
    else if (roll < 0.15 && can('fold')) action = { seat: l.seat, type: 'fold' };
    else if (roll < 0.3 && (can('bet') || can('raise'))) {
      const min = l.minTo as number;
      const max = l.maxTo as number;
      action = { seat: l.seat, type: can('bet') ? 'bet' : 'raise', to: min + rng.int(max - min + 1) };
    } else if (roll < 0.35 && can('allin')) action = { seat: l.seat, type: 'allin' };
    else action = { seat: l.seat, type: can('check') ? 'check' : 'call' };
    applyAction(st, action);
    actions.push({ seat: action.seat, action: action.type, ...(action.to !== undefined ? { to: action.to } : {}) });
    check?.(st);
  }
  return { record: { ...rec, actions }, state: st };
}
