import { pick } from './draft';
import type { Draft } from './draft';
import { admit, heldPlaces } from './records';
import { lateRegistrationOpen } from './windows';

/**
 * R-REG-2: fills free seat-limit places from the waitlist, in registration order, but only inside the
 * late-registration window. A promoted player who already checked in while waiting is admitted at once
 * (entry and buy-in), so `entry.created` tells the caller to seat him; otherwise he holds the place
 * and is seated when he checks in. Runs after anything that frees a place.
 */
export function promoteWaitlist(d: Draft): void {
  const { seatLimit } = d.settings;
  if (seatLimit === undefined || !lateRegistrationOpen(d.status, d.settings, d.ctx.now)) return;
  let free = seatLimit - heldPlaces(d);
  if (free <= 0) return;
  const waiting = pick(d.all('registrations'), (r) => r.status === 'waitlisted').sort((a, b) => a.seq - b.seq);
  for (const r of waiting) {
    if (free <= 0) break;
    free--;
    const promoted = { ...r, status: 'registered' as const, promotedAt: d.ctx.now };
    d.put('registrations', promoted);
    const admitted = r.checkedInAt !== undefined ? admit(d, promoted) : undefined;
    d.emit({
      type: 'registration.promoted',
      registrationId: r.id,
      playerId: r.playerId,
      ...(admitted?.entryId !== undefined ? { entryId: admitted.entryId } : {}),
    });
  }
}
