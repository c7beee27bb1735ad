import { defineRoute } from '../platform/route';
import { domainContext } from '../platform/domain-context';
import { problem } from '../platform/problem';
import { entities, store } from '../store/entities';
import { defined, keyOf, recordOf } from '../store/entities/items';
import { clubCatalogKey } from '../store/club-catalog';
import { loadVerification, verificationItem } from '../store/verification-store';
import { createClub, editClub, type Club as ClubRecord } from '../../domain/clubs/club';
import { ClubIdParams } from '../../schemas/common';
import { Club, CreateClubBody, UpdateClubBody } from '../../schemas/clubs';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../platform/prefetch';
import { club, ALL_STAFF } from '../platform/authorization';

const TAGS = ['Clubs'];

/** The club's item key, for a route's prefetch. */
export const clubItemKey = (clubId: string): ItemKey => keyOf(entities().club.get({ clubId }));

export async function loadClub(clubId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<ClubRecord> {
  const item = prefetchedItem(prefetched, clubItemKey(clubId));
  const clubs = entities().club;
  const data = item !== undefined ? recordOf(clubs, item) : (await clubs.get({ clubId }).go()).data;
  if (!data) throw problem(404, 'CLUB_NOT_FOUND', 'No such club');
  const { catalogKey: _key, ...club } = data;
  return club as ClubRecord;
}

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
    const ctx = domainContext(req, 'owner');
    const { attestation: _accepted, ...input } = req.body;
    const club = createClub(input, ctx);
    // The club and its first owner appear together or not at all.
    const { canceled } = await store()
      .transaction.write(({ club: clubs, member }) => [
        clubs.create({ ...club, catalogKey: clubCatalogKey(club) }).commit(),
        member
          .create({ clubId: club.clubId, userId: ctx.actor.id, role: 'owner', addedBy: ctx.actor.id, addedAt: club.createdAt })
          .commit(),
      ])
      .go();
    if (canceled) throw problem(409, 'CONFLICT', 'The club could not be created; retry');
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
  handle: async (req) => {
    const current = await loadClub(req.params.clubId);
    const ctx = domainContext(req);
    const next = editClub(current, req.body, ctx);
    const at = next.updatedAt;
    // The verification status is the verification's to write; an edit writes it only when the domain
    // resets it (changed legal details), together with the verification item.
    const { clubId: _id, createdAt: _c, createdBy: _b, verificationStatus: _v, suspended: _s, suspendedReason: _r, ...changes } = next;
    const reset = next.verificationStatus !== current.verificationStatus;
    const verification = reset ? await loadVerification(current.clubId, current.verificationStatus) : undefined;
    const catalogKey = clubCatalogKey(next);
    const remove = [
      ...(current.kpp !== undefined && next.kpp === undefined ? (['kpp'] as const) : []),
      ...(catalogKey ? [] : (['catalogKey'] as const)),
    ];
    const { canceled } = await store()
      .transaction.write(({ club, clubVerification, verificationLog }) => {
        const set = defined({
          ...changes,
          ...(catalogKey ? { catalogKey } : {}),
          ...(reset ? { verificationStatus: next.verificationStatus } : {}),
        });
        const update = club.patch({ clubId: current.clubId }).set(set);
        return [
          (remove.length > 0 ? update.remove(remove) : update).where((c, { eq }) => eq(c.updatedAt, current.updatedAt)).commit(),
          ...(verification && verification.rev > 0
            ? [
                clubVerification
                  .put(
                    verificationItem(
                      verification,
                      { ...verification.state, status: next.verificationStatus },
                      at,
                      verification.attestation,
                    ),
                  )
                  .where((v, { eq }) => eq(v.rev, verification.rev))
                  .commit(),
                verificationLog
                  .create({
                    clubId: current.clubId,
                    at,
                    logId: ctx.newId('vlog'),
                    type: 'verification.reset',
                    attempt: verification.state.attempt,
                    by: ctx.actor.id,
                    status: next.verificationStatus,
                    reasons: ['LEGAL_DETAILS_CHANGED: a verification is about the legal details it checked (R-CLUB-3)'],
                  })
                  .commit(),
              ]
            : []),
        ];
      })
      .go();
    if (canceled) throw problem(409, 'CONCURRENT_UPDATE', 'The club was changed meanwhile; read it and retry');
    return { status: 200, body: next };
  },
});

export const clubRoutes = [createClubRoute, getClubRoute, updateClubRoute];
