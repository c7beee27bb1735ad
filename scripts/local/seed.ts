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

/** The name of the announced tournament the demo club always has, so the app's catalogue is never empty. */
export const UPCOMING_NAME = 'Demo Sunday Deepstack';
/** The demo club's series that tournament belongs to, so the catalogue's series page has one too. */
export const SERIES_NAME = 'Demo Season';

/**
 * An announced tournament of the demo club with registration open, tomorrow at 19:00 (UTC), in a series
 * of the club (the next 90 days), made through the API as the club's desk would (settings checked, events
 * written, listed in the catalogue). Left alone when the catalogue already lists one of the demo club's
 * upcoming tournaments.
 */
export async function seedUpcomingTournament(apiUrl: string, ownerToken: string, now = Date.now()): Promise<string | undefined> {
  const listed = await fetch(`${apiUrl}/v1/catalog/tournaments?limit=100`);
  const page = (await listed.json()) as { items?: { clubId: string; tournamentId: string; status: string }[] };
  const upcoming = page.items?.find((t) => t.clubId === DEMO.clubId && t.status === 'registration_open');
  if (upcoming) return upcoming.tournamentId;
  const startAt = new Date(now + 86_400_000);
  startAt.setUTCHours(19, 0, 0, 0);
  const hour = 3_600_000;
  const send = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const res = await fetch(`${apiUrl}/v1/clubs/${DEMO.clubId}${path}`, {
      method,
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`seeding the upcoming tournament: ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const post = (path: string, body: unknown) => send('POST', path, body);
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  const series = await post('/series', { name: SERIES_NAME, startsOn: day(now), endsOn: day(now + 90 * 86_400_000) });
  const created = await post('/tournaments', {
    name: UPCOMING_NAME,
    description: 'Re-entry until the end of level 8, one add-on at the first break',
    startAt: startAt.toISOString(),
    lateRegEndsAt: new Date(startAt.getTime() + 2 * hour).toISOString(),
    buyIn: 300_000,
    currency: 'RUB',
    startingStack: 30_000,
    seatsPerTable: 9,
    formatLabel: 'reentry',
    reentry: 300_000,
    addon: 200_000,
    addonChips: 30_000,
    addonAtBreak: 1,
    prizePreset: 'cup_and_free_entries',
  });
  const tournamentId = created.tournamentId as string;
  // A tournament joins a series while it is announced (R-SER-1), so before registration opens.
  await send('PUT', `/tournaments/${tournamentId}/series-membership`, { seriesId: series.seriesId });
  await post(`/tournaments/${tournamentId}/open-registration`, {});
  return tournamentId;
}
