import { conflict } from '../core/errors';

export type StaffRole = 'owner' | 'manager' | 'dealer' | 'cashier';

/** A club always keeps an owner: removing or demoting the last one is refused. */
export function assertKeepsAnOwner(
  members: readonly { userId: string; role: StaffRole }[],
  change: { userId: string; newRole: StaffRole | null },
): void {
  const owners = members.filter((m) => m.role === 'owner');
  const target = members.find((m) => m.userId === change.userId);
  if (target?.role === 'owner' && change.newRole !== 'owner' && owners.length <= 1) {
    throw conflict('LAST_OWNER', 'A club must keep at least one owner');
  }
}
