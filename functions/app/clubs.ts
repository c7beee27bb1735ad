import type { Context } from '../../domain/core/context';
import { createClub, editClub, type Club, type ClubPatch, type NewClub } from '../../domain/clubs/club';
import { NOTHING_PREFETCHED, prefetchedItem, type ItemKey, type Prefetched } from '../runtime/prefetch';
import { entities, store } from '../store/entities';
import { defined, keyOf, recordOf } from '../store/entities/items';
import { clubCatalogKey } from '../store/club-catalog';
import { loadVerification, verificationItem } from '../store/verification-store';
import { Conflict, ConcurrentUpdate, NotFound } from '../runtime/errors';

/** A club's profile: registration, reading and editing (R-CLUB-1..3). */

/** The club's item key, for a route's prefetch. */
export const clubItemKey = (clubId: string): ItemKey => keyOf(entities().club.get({ clubId }));

/** The club as stored (from the request's prefetch when it read it). */
export async function loadClub(clubId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<Club> {
  const item = prefetchedItem(prefetched, clubItemKey(clubId));
  const clubs = entities().club;
  const data = item !== undefined ? recordOf(clubs, item) : (await clubs.get({ clubId }).go()).data;
  if (!data) throw new NotFound('CLUB_NOT_FOUND', 'No such club');
  const { catalogKey: _key, logo: _logo, ...club } = data;
  return club as Club;
}

/** Registers a club; the actor becomes its owner, in the same transaction. */
/**
 * Whether the club's public pages are up: a suspended or unknown club shows nothing to the public and takes
 * no registration from the app. `prefetched` may carry the club item read with the authorization.
 */
export async function clubListed(clubId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<boolean> {
  const item = prefetchedItem(prefetched, clubItemKey(clubId));
  const club =
    item === undefined
      ? (
          await entities()
            .club.get({ clubId })
            .go({ attributes: ['suspended'] })
        ).data
      : item && { suspended: item.suspended === true };
  return Boolean(club && !club.suspended);
}

export async function registerClub(input: NewClub, ctx: Context): Promise<Club> {
  const club = createClub(input, ctx);
  // The club and its first owner appear together or not at all.
  const { canceled } = await store()
    .transaction.write(({ club: clubs, member }) => [
      clubs.create({ ...club, catalogKey: clubCatalogKey(club) }).commit(),
      member.create({ clubId: club.clubId, userId: ctx.actor.id, role: 'owner', addedBy: ctx.actor.id, addedAt: club.createdAt }).commit(),
    ])
    .go();
  if (canceled) throw new Conflict('CONFLICT', 'The club could not be created; retry');
  return club;
}

/** Edits the profile; changed legal details reset the verification (R-CLUB-3). Answers the club as edited. */
export async function editClubProfile(clubId: string, patch: ClubPatch, ctx: Context): Promise<Club> {
  const current = await loadClub(clubId);
  const next = editClub(current, patch, ctx);
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
                  verificationItem(verification, { ...verification.state, status: next.verificationStatus }, at, verification.attestation),
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
  if (canceled) throw new ConcurrentUpdate('The club was changed meanwhile; read it and retry');
  return next;
}
