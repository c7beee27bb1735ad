import { defineRoute } from '../platform/route';
import { iso } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { openCursor, sealCursor } from '../platform/cursor';
import { entities } from '../store/entities';
import { assertKeepsAnOwner } from '../../domain/clubs/members';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { AddMemberBody, Member, MemberParams } from '../../schemas/clubs';
import { club, FLOOR } from '../platform/authorization';

const TAGS = ['Club staff'];

async function allMembers(clubId: string) {
  const { data } = await entities().member.query.primary({ clubId }).go({ pages: 'all' });
  return data;
}

export const listMembersRoute = /* @__PURE__ */ defineRoute({
  operationId: 'listMembers',
  access: /* @__PURE__ */ club(FLOOR),
  method: 'GET',
  path: '/v1/clubs/{clubId}/members',
  summary: 'List the staff and their roles',
  tags: TAGS,
  params: ClubIdParams,
  query: PageQuery,
  responses: { 200: { description: 'A page of members', schema: page(Member) } },
  handle: async (req) => {
    const scope = `members:${req.params.clubId}`;
    const { data, cursor } = await entities()
      .member.query.primary({ clubId: req.params.clubId })
      .go({ limit: req.query.limit ?? 50, cursor: openCursor(req.query.cursor, scope) ?? null });
    return { status: 200, body: { items: data, nextCursor: sealCursor(cursor, scope) } };
  },
});

export const addMemberRoute = /* @__PURE__ */ defineRoute({
  operationId: 'addMember',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'POST',
  path: '/v1/clubs/{clubId}/members',
  summary: "Give a user a role in the club (or change a member's role)",
  tags: TAGS,
  params: ClubIdParams,
  body: AddMemberBody,
  responses: { 200: { description: 'The member', schema: Member } },
  problems: [409],
  handle: async (req) => {
    const { clubId } = req.params;
    assertKeepsAnOwner(await allMembers(clubId), { userId: req.body.userId, newRole: req.body.role });
    const member = {
      clubId,
      userId: req.body.userId,
      role: req.body.role,
      displayName: req.body.displayName,
      addedBy: req.club!.actorId,
      addedAt: iso(req.now),
    };
    await entities().member.put(member).go();
    return { status: 200, body: member };
  },
});

export const removeMemberRoute = /* @__PURE__ */ defineRoute({
  operationId: 'removeMember',
  access: /* @__PURE__ */ club(['owner'], false),
  method: 'DELETE',
  path: '/v1/clubs/{clubId}/members/{userId}',
  summary: 'Remove a staff member',
  tags: TAGS,
  params: MemberParams,
  responses: { 204: { description: 'Removed' } },
  problems: [409],
  handle: async (req) => {
    const { clubId, userId } = req.params;
    const members = await allMembers(clubId);
    if (!members.some((m) => m.userId === userId)) throw problem(404, 'MEMBER_NOT_FOUND', 'No such member');
    assertKeepsAnOwner(members, { userId, newRole: null });
    await entities().member.delete({ clubId, userId }).go();
    return { status: 204 };
  },
});

export const memberRoutes = [listMembersRoute, addMemberRoute, removeMemberRoute];
