import { problem } from './problem';
import { store } from '../store/service';
import type { Access } from './authorization';
import type { ClubAccess, Principal } from './principal';

const clubNotFound = () => problem(404, 'CLUB_NOT_FOUND', 'No such club');

/**
 * Applies the access rule. For club routes the club comes from the path and the caller's
 * standing in it from the table (membership) or the API key's own scope, never from the body.
 */
export async function authorize(
  access: Access,
  principal: Principal,
  pathClubId: string | undefined,
): Promise<ClubAccess | undefined> {
  if (access.kind === 'public') return undefined;
  // A public view of a club resource (the running clock): outsiders reach the handler without club access.
  if (principal.kind === 'anonymous' && access.kind === 'club' && access.publicView) return undefined;
  if (principal.kind === 'anonymous') throw problem(401, 'UNAUTHENTICATED', 'Credentials are required');

  if (access.kind === 'user') {
    if (principal.kind !== 'user') throw problem(403, 'USER_TOKEN_REQUIRED', 'This route needs a signed-in user');
    await assertAccountActive(principal.userId, access.whileSuspended === true);
    return undefined;
  }
  if (access.kind === 'operator') {
    if (principal.kind !== 'user' || !principal.operator) throw problem(403, 'FORBIDDEN', 'Operators only');
    return undefined;
  }

  if (!pathClubId) throw new Error('club route without {clubId}');
  if (principal.kind === 'apiKey') {
    if (principal.clubId !== pathClubId) throw clubNotFound();
    if (!access.apiKeys) throw problem(403, 'USER_TOKEN_REQUIRED', 'API keys cannot call this route');
    await assertClubActive(pathClubId);
    if (!access.roles.includes(principal.role)) throw problem(403, 'FORBIDDEN', 'The key\'s role may not do this');
    return { clubId: pathClubId, role: principal.role, actorId: `apikey:${principal.keyId}` };
  }

  const s = store();
  // Two consistent reads side by side: a removal or a suspension counts at once, at half the cost of a
  // transactional read (the two items need not be read as one snapshot).
  const [{ data: member }, { data: clubItem }] = await Promise.all([
    s.entities.member.get({ clubId: pathClubId, userId: principal.userId }).go({ consistent: true }),
    s.entities.club.get({ clubId: pathClubId }).go({ consistent: true, attributes: ['clubId', 'suspended'] }),
  ]);
  if (!member || !clubItem) {
    if (access.publicView && clubItem && !clubItem.suspended) return undefined;
    throw clubNotFound();
  }
  if (clubItem.suspended) throw problem(403, 'CLUB_SUSPENDED', 'The club is suspended by the operator');
  if (!access.roles.includes(member.role)) throw problem(403, 'FORBIDDEN', `The role ${member.role} may not do this`);
  return { clubId: pathClubId, role: member.role, actorId: principal.userId };
}

async function assertClubActive(clubId: string): Promise<void> {
  const { data } = await store().entities.club.get({ clubId }).go({ attributes: ['suspended'] });
  if (!data) throw clubNotFound();
  if (data.suspended) throw problem(403, 'CLUB_SUSPENDED', 'The club is suspended by the operator');
}

async function assertAccountActive(userId: string, whileSuspended: boolean): Promise<void> {
  const { data } = await store().entities.player.get({ userId }).go({ attributes: ['suspended', 'deletedAt'] });
  // R-PD-1: the account was erased at its owner's request; the same token gets this clear answer.
  if (data?.deletedAt) throw problem(410, 'ACCOUNT_DELETED', "This account was deleted at the user's request; its personal data is erased");
  if (data?.suspended && !whileSuspended) throw problem(403, 'ACCOUNT_SUSPENDED', 'The account is suspended by the operator');
}
