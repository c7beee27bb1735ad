import { playerRegistrations } from '../../../domain/floor/field-views';
import { checkIn, register, unregister, type Registration, type Tournament, type TournamentResult } from '../../../domain/tournaments';
import type { Context } from '../../../domain/core/context';
import type { TicketChange } from '../../../domain/season';
import type { FloorTournament } from '../../../domain/floor/aggregate';
import { seatNewEntries } from '../../../domain/floor/seat-new-entries';
import { forcedBetsPostedAt } from '../../../domain/floor/dead-stacks';
import { entities } from '../../store/entities';
import { profileItemKey, scheduleItemKey } from '../../store/player-schedule';
import { NOTHING_PREFETCHED, idField, prefetchedItem, type ItemKey, type PrefetchInput, type Prefetched } from '../../runtime/prefetch';
import { executeTournamentCommand, type CommandResult, type FloorEvent, type TournamentCommand } from '../tournament-command';
import { playerNotFound, playerSuspended, withParallelGuard } from './parallel-registrations';
import { changeWrite, ticketReturnOnCancel, ticketToUse, useForRegistration } from '../season/tickets';

/** The player's live registration in a state (a player holds at most one that is not cancelled). */
export const liveRegistrationOf = (state: FloorTournament, playerId: string): Registration | undefined =>
  playerRegistrations(state, playerId).find((r) => r.status !== 'cancelled');

/**
 * What a registration reads of the player named by the body's `field` (or the caller): the profile and the
 * schedule, brought by the route's authorization read (its prefetch).
 */
export const registeringPlayerItems =
  (field: string | 'caller') =>
  ({ body, userId }: PrefetchInput): ItemKey[] => {
    const playerId = field === 'caller' ? userId : idField(body, field);
    return playerId ? [profileItemKey(playerId), scheduleItemKey(playerId)] : [];
  };

/** The player must exist and may not be suspended; R-AGE-1 was checked when the profile was made. */
export async function requirePlayer(playerId: string, prefetched: Prefetched = NOTHING_PREFETCHED): Promise<void> {
  const item = prefetchedItem(prefetched, profileItemKey(playerId));
  const data =
    item === undefined
      ? (
          await entities()
            .player.get({ userId: playerId })
            .go({ attributes: ['userId', 'suspended', 'deletedAt'] })
        ).data
      : item && { suspended: item.suspended === true, deletedAt: typeof item.deletedAt === 'string' ? item.deletedAt : undefined };
  // A player who withdrew consent (R-PD-1) is no longer a player one can register.
  if (!data || data.deletedAt) throw playerNotFound();
  if (data.suspended) throw playerSuspended();
}

/**
 * Registers a player (staff at the desk or the player in the app), with the R-REG-1 check under the player's
 * schedule. R-TICKET-3: a ticket presented covers the first buy-in; it is written "issued → used" in the
 * registration's transaction, so of two registrations presenting it at once one commits and the other,
 * deciding again on the ticket as it now is, is refused TICKET_USED.
 */
export function registerPlayer(
  command: TournamentCommand,
  playerId: string,
  prefetched: Prefetched = NOTHING_PREFETCHED,
  ticketId?: string,
): Promise<CommandResult<FloorEvent, Registration>> {
  return withParallelGuard(
    playerId,
    { clubId: command.clubId, tournamentId: command.tournamentId, now: command.ctx.now },
    async ({ others, companions }) => {
      // Read on every attempt of the guard: a lost ticket write makes it decide on the ticket anew.
      const ticket = ticketId === undefined ? undefined : await ticketToUse(command.clubId, ticketId);
      // The ticket's change as the latest decision made it; the companions of that decision write it.
      let used: TicketChange | undefined;
      return executeTournamentCommand(
        command,
        (s, ctx) => {
          const r = register(s, { playerId, otherRegistrations: others, ...(ticket ? { ticketId: ticket.id } : {}) }, ctx);
          const reg = liveRegistrationOf(r.state as FloorTournament, playerId) as Registration;
          used = ticket && useForRegistration(ticket, r.state as FloorTournament, reg, ctx);
          return { ...r, value: reg };
        },
        { companions: (next) => [...companions(next), ...(used ? [changeWrite(used, 'issued')] : [])] },
      );
    },
    prefetched,
  );
}

type RegistrationOp = (state: Tournament, command: { registrationId: string }, ctx: Context) => TournamentResult;

/** A command on one registration, seating any entry it creates; answers the registration as it is after. */
function onRegistration(
  command: TournamentCommand,
  registrationId: string,
  op: RegistrationOp,
): Promise<CommandResult<FloorEvent, Registration>> {
  return executeTournamentCommand(command, (s, ctx) => {
    const r = op(s, { registrationId }, ctx);
    const seated = seatNewEntries(r.state as FloorTournament, r.events, ctx);
    return { ...seated, value: seated.state.registrations[registrationId] as Registration };
  });
}

/** Check-in at the desk. R-LATE-1 / R-NOSHOW-2: the clock's forced-bet count sizes a late stack and a dead stack handed over. */
export const checkInPlayer = (command: TournamentCommand, registrationId: string) =>
  onRegistration(command, registrationId, (s, c, ctx) =>
    checkIn(s, { ...c, forcedBetsPosted: forcedBetsPostedAt(s as FloorTournament, ctx.now) }, ctx),
  );

/**
 * Unregisters (staff, or the player himself): the place goes to the waitlist inside late registration.
 * R-TICKET-3: before the start, the ticket the registration used is issued again in the same transaction.
 */
export function unregisterPlayer(command: TournamentCommand, registrationId: string): Promise<CommandResult<FloorEvent, Registration>> {
  let returned: TicketChange | undefined;
  return executeTournamentCommand(
    command,
    async (s, ctx) => {
      const r = unregister(s, { registrationId }, ctx);
      const seated = seatNewEntries(r.state as FloorTournament, r.events, ctx);
      returned = await ticketReturnOnCancel(s, registrationId, ctx);
      return { ...seated, value: seated.state.registrations[registrationId] as Registration };
    },
    { companions: () => (returned ? [changeWrite(returned, 'used')] : []) },
  );
}
