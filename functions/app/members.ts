import { assertKeepsAnOwner, type StaffRole } from '../../domain/clubs/members';
import { iso } from '../platform/domain-context';
import { entities } from '../store/entities';
import { NotFound } from '../runtime/errors';
import type { Page, PageRequest } from './page';

/** The club's staff and their roles; a club always keeps an owner. */

export interface Member {
  clubId: string;
  userId: string;
  role: StaffRole;
  displayName?: string | undefined;
  addedBy: string;
  addedAt: string;
}

async function allMembers(clubId: string) {
  const { data } = await entities().member.query.primary({ clubId }).go({ pages: 'all' });
  return data;
}

export async function listMembers(clubId: string, page: PageRequest): Promise<Page<Member>> {
  const { data, cursor } = await entities().member.query.primary({ clubId }).go(page);
  return { items: data, cursor };
}

/** Gives a user a role in the club, or changes a member's role; answers the member as stored. */
export async function addMember(
  clubId: string,
  input: { userId: string; role: StaffRole; displayName?: string | undefined },
  actorId: string,
  now: number,
): Promise<Member> {
  assertKeepsAnOwner(await allMembers(clubId), { userId: input.userId, newRole: input.role });
  const member = { clubId, userId: input.userId, role: input.role, displayName: input.displayName, addedBy: actorId, addedAt: iso(now) };
  await entities().member.put(member).go();
  return member;
}

export async function removeMember(clubId: string, userId: string): Promise<void> {
  const members = await allMembers(clubId);
  if (!members.some((m) => m.userId === userId)) throw new NotFound('MEMBER_NOT_FOUND', 'No such member');
  assertKeepsAnOwner(members, { userId, newRole: null });
  await entities().member.delete({ clubId, userId }).go();
}
