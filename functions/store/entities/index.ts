/**
 * The ElectroDB service over the single table: every kind of item as an entity, with the collections of
 * a partition (`club`: a club's profile, members and API keys; `tournament`: a tournament's root, parts,
 * registration rows and log events). Built at first use, not at import: constructing the entities checks their
 * models (CPU a cold start need not pay before a request reads), and the table name and client are
 * those of the environment at that moment (tests set TABLE_NAME after imports).
 */
import { Service, type EntityConfiguration } from 'electrodb';
import { dynamo } from '../client';
import { config } from '../../runtime/config';
import { apiKeyEntity } from './api-key';
import { armedLevelEndEntity } from './armed-level-end';
import { blindStructureEntity } from './blind-structure';
import { clubEntity } from './club';
import { erasureEntity } from './erasure';
import { liveConnectionEntity } from './live-connection';
import { liveFanOutEntity } from './live-fan-out';
import { liveSubscriptionEntity } from './live-subscription';
import { liveTopicEntity } from './live-topic';
import { leagueCountEntity, leagueEntity, leagueRankEntity, leagueStandingEntity } from './league';
import { memberEntity } from './member';
import { moderationEntity } from './moderation';
import { notificationEntity } from './notification';
import { playerEntity } from './player';
import { projectionLeaseEntity } from './projection-lease';
import { pushDeviceEntity } from './push-device';
import { pushDeviceCountEntity } from './push-device-count';
import { pushLevelAskEntity } from './push-level-ask';
import { pushPreferencesEntity } from './push-preferences';
import { pushSentEntity } from './push-sent';
import { pushTokenOwnerEntity } from './push-token-owner';

import { clubRatingEntity, playerRatingEntity, ratedFinishEntity, ratingBoardEntity, ratingHistoryEntity } from './rating';
import { registryCacheEntity } from './registry-cache';
import { scheduleEntity, scheduleNameEntity } from './schedule';
import { seriesEntity, seriesTournamentEntity } from './series';
import { playerRegistrationEntity, tournamentEntity } from './tournament';
import { heldTicketEntity, ticketEntity } from './ticket';
import { tournamentEventEntity } from './tournament-event';
import { clubVerificationEntity, verificationLogEntity } from './verification';
import { duplicateDeckAccessEntity } from './duplicate-deck-access';
import { duplicateDeckReadEntity } from './duplicate-deck-read';
import { duplicateEventEntity } from './duplicate-event';
import { duplicateEventRowEntity } from './duplicate-event-row';
import { duplicateHandEntity } from './duplicate-hand';
import { duplicatePlayerEntryEntity } from './duplicate-player-entry';
import { duplicateSeedEntity } from './duplicate-seed';

import { playerScheduleEntity } from './player-schedule';
import { resultNamesEntity } from './result-names';
import { moneyReviewEntity } from './money-review';
import { tournamentSnapshotPartEntity } from './tournament-snapshot-part';
import { tournamentEventChunkEntity } from './tournament-event-chunk';
import { tournamentFeedEntity } from './tournament-feed';
import { feedBucketEntity } from './feed-bucket';

function build(c: EntityConfiguration) {
  return new Service(
    {
      club: clubEntity(c),
      member: memberEntity(c),
      apiKey: apiKeyEntity(c),
      blindStructure: blindStructureEntity(c),
      moderation: moderationEntity(c),
      player: playerEntity(c),
      erasure: erasureEntity(c),
      notification: notificationEntity(c),
      schedule: scheduleEntity(c),
      scheduleName: scheduleNameEntity(c),
      armedLevelEnd: armedLevelEndEntity(c),
      tournament: tournamentEntity(c),
      playerRegistration: playerRegistrationEntity(c),
      tournamentEvent: tournamentEventEntity(c),
      clubVerification: clubVerificationEntity(c),
      verificationLog: verificationLogEntity(c),
      registryCache: registryCacheEntity(c),
      series: seriesEntity(c),
      seriesTournament: seriesTournamentEntity(c),
      ticket: ticketEntity(c),
      heldTicket: heldTicketEntity(c),
      league: leagueEntity(c),
      leagueStanding: leagueStandingEntity(c),
      leagueRank: leagueRankEntity(c),
      leagueCount: leagueCountEntity(c),
      duplicateEvent: duplicateEventEntity(c),
      duplicateEventRow: duplicateEventRowEntity(c),
      duplicateSeed: duplicateSeedEntity(c),
      duplicateHand: duplicateHandEntity(c),
      duplicateDeckRead: duplicateDeckReadEntity(c),
      duplicateDeckAccess: duplicateDeckAccessEntity(c),
      duplicatePlayerEntry: duplicatePlayerEntryEntity(c),

      liveConnection: liveConnectionEntity(c),
      liveSubscription: liveSubscriptionEntity(c),
      liveFanOut: liveFanOutEntity(c),
      liveTopic: liveTopicEntity(c),
      pushDevice: pushDeviceEntity(c),
      pushDeviceCount: pushDeviceCountEntity(c),
      pushPreferences: pushPreferencesEntity(c),
      pushLevelAsk: pushLevelAskEntity(c),
      pushSent: pushSentEntity(c),
      pushTokenOwner: pushTokenOwnerEntity(c),

      playerSchedule: playerScheduleEntity(c),
      resultNames: resultNamesEntity(c),
      moneyReview: moneyReviewEntity(c),
      tournamentSnapshotPart: tournamentSnapshotPartEntity(c),
      tournamentEventChunk: tournamentEventChunkEntity(c),
      tournamentFeed: tournamentFeedEntity(c),
      feedBucket: feedBucketEntity(c),

      clubRating: clubRatingEntity(c),
      playerRating: playerRatingEntity(c),
      ratingHistory: ratingHistoryEntity(c),
      ratingBoard: ratingBoardEntity(c),
      ratedFinish: ratedFinishEntity(c),
      projectionLease: projectionLeaseEntity(c),
    },
    c,
  );
}

export type Store = ReturnType<typeof build>;
export type Entities = Store['entities'];

let built: { store: Store; client: unknown; table: string } | undefined;

/** The service bound to this container's client and table; rebuilt only when either was replaced (tests). */
export function store(): Store {
  const client = dynamo().doc;
  const table = config().tableName;
  if (built?.client !== client || built.table !== table) built = { store: build({ client, table }), client, table };
  return built.store;
}

/** The entities of `store()`, for single-entity reads and writes. */
export const entities = (): Entities => store().entities;
