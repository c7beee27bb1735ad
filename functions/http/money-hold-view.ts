import { iso } from '../platform/domain-context';
import type { MoneyDecision, MoneyHold } from '../../domain/tournaments/money-hold';

/** R-MONEY-2: the hold as the club and the operators read it (times in ISO). */
export const moneyHoldView = (h: MoneyHold) => ({
  status: h.status,
  items: h.items,
  since: iso(h.since),
  ...(h.decidedBy ? { decidedBy: h.decidedBy } : {}),
  ...(h.decidedAt !== undefined ? { decidedAt: iso(h.decidedAt) } : {}),
  ...(h.reason ? { reason: h.reason } : {}),
});

/** R-MONEY-2: the operator's last decision on the held texts: who, when, why, which texts. */
export const moneyDecisionView = (d: MoneyDecision) => ({
  decision: d.decision,
  decidedBy: d.decidedBy,
  decidedAt: iso(d.decidedAt),
  ...(d.reason ? { reason: d.reason } : {}),
  items: d.items,
});
