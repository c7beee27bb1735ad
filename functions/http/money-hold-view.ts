import { iso } from '../platform/domain-context';
import type { MoneyHold } from '../../domain/tournaments/money-hold';

/** R-MONEY-2: the hold as the club and the operators read it (times in ISO). */
export const moneyHoldView = (h: MoneyHold) => ({
  status: h.status,
  items: h.items,
  since: iso(h.since),
  ...(h.decidedBy ? { decidedBy: h.decidedBy } : {}),
  ...(h.decidedAt !== undefined ? { decidedAt: iso(h.decidedAt) } : {}),
  ...(h.reason ? { reason: h.reason } : {}),
});
