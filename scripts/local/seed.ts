import { seededRandom } from '../../domain/core/random';
import { createClub } from '../../domain/clubs/club';
import { entities } from '../../functions/store/entities';
import { clubCatalogKey } from '../../functions/store/club-catalog';

export const DEMO = {
  clubId: 'club_demo',
  ownerId: 'demo-owner',
  managerId: 'demo-manager',
  playerId: 'demo-player',
  operatorId: 'demo-operator',
} as const;

/** The demo club, its owner and manager, and a player profile; left as they are when present. */
export async function seedDemo(now = Date.now()): Promise<void> {
  const { club: clubs, member, player } = entities();
  if ((await clubs.get({ clubId: DEMO.clubId }).go()).data) return;
  const club = createClub(
    {
      name: 'Demo Poker Club',
      city: 'Moscow',
      address: 'Tverskaya st., 1',
      legalForm: 'ul',
      inn: '7707083893',
      ogrn: '1027700132195',
      kpp: '773601001',
      contacts: { email: 'desk@demo-club.example', phone: '+7 495 000-00-00' },
      currency: 'RUB',
    },
    { now, actor: { id: DEMO.ownerId, role: 'owner' }, rng: seededRandom(1), newId: () => DEMO.clubId },
  );
  const at = club.createdAt;
  await clubs.create({ ...club, catalogKey: clubCatalogKey(club) }).go();
  await member
    .put({ clubId: DEMO.clubId, userId: DEMO.ownerId, role: 'owner', displayName: 'Demo Owner', addedBy: DEMO.ownerId, addedAt: at })
    .go();
  await member
    .put({
      clubId: DEMO.clubId,
      userId: DEMO.managerId,
      role: 'manager',
      displayName: 'Demo Floor Manager',
      addedBy: DEMO.ownerId,
      addedAt: at,
    })
    .go();
  await player
    .put({
      userId: DEMO.playerId,
      displayName: 'Demo Player',
      dateOfBirth: '1990-05-17',
      city: 'Moscow',
      consentAt: at,
      suspended: false,
      createdAt: at,
      updatedAt: at,
    })
    .go();
}
