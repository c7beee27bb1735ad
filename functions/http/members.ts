import { defineRoute } from '../platform/route';
import { openCursor, sealCursor } from '../platform/cursor';
import { addMember, listMembers, removeMember } from '../app/members';
import { ClubIdParams, PageQuery, page } from '../../schemas/common';
import { AddMemberBody, Member, MemberParams } from '../../schemas/clubs';
import { club, FLOOR } from '../platform/authorization';

const TAGS = ['Club staff'];

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
    const { items, cursor } = await listMembers(req.params.clubId, {
      limit: req.query.limit ?? 50,
      cursor: openCursor(req.query.cursor, scope) ?? null,
    });
    return { status: 200, body: { items, nextCursor: sealCursor(cursor, scope) } };
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
  handle: async (req) => ({ status: 200, body: await addMember(req.params.clubId, req.body, req.club!.actorId, req.now) }),
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
    await removeMember(req.params.clubId, req.params.userId);
    return { status: 204 };
  },
});

export const memberRoutes = [listMembersRoute, addMemberRoute, removeMemberRoute];
