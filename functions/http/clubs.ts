import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { editClubProfile, loadClub, registerClub } from '../app/clubs';
import { ClubIdParams } from '../../schemas/common';
import { Club, CreateClubBody, UpdateClubBody } from '../../schemas/clubs';
import { club, ALL_STAFF } from '../platform/authorization';

// Other routes read the club through these.

const TAGS = ['Clubs'];

export const createClubRoute = /* @__PURE__ */ defineRoute({
  operationId: 'createClub',
  access: { kind: 'user' },
  method: 'POST',
  path: '/v1/clubs',
  summary: 'Register a club; the caller becomes its owner (R-CLUB-2 attestation recorded)',
  tags: TAGS,
  body: CreateClubBody,
  responses: { 201: { description: 'The club', schema: Club } },
  problems: [422],
  handle: async (req) => {
    const { attestation: _accepted, ...input } = req.body;
    const club = await registerClub(input, domainContext(req, 'owner'));
    return { status: 201, body: club, headers: { location: `/v1/clubs/${club.clubId}` } };
  },
});

export const getClubRoute = /* @__PURE__ */ defineRoute({
  operationId: 'getClub',
  access: /* @__PURE__ */ club(ALL_STAFF),
  method: 'GET',
  path: '/v1/clubs/{clubId}',
  summary: "Read the club's profile",
  tags: TAGS,
  params: ClubIdParams,
  responses: { 200: { description: 'The club', schema: Club } },
  handle: async (req) => ({ status: 200, body: await loadClub(req.params.clubId) }),
});

export const updateClubRoute = /* @__PURE__ */ defineRoute({
  operationId: 'updateClub',
  access: /* @__PURE__ */ club(['owner']),
  method: 'PATCH',
  path: '/v1/clubs/{clubId}',
  summary: "Edit the club's profile; changed legal details reset verification",
  tags: TAGS,
  params: ClubIdParams,
  body: UpdateClubBody,
  responses: { 200: { description: 'The club', schema: Club } },
  problems: [409, 422],
  handle: async (req) => ({ status: 200, body: await editClubProfile(req.params.clubId, req.body, domainContext(req)) }),
});

export const clubRoutes = [createClubRoute, getClubRoute, updateClubRoute];
