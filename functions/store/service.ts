import { Service } from 'electrodb';
import { dynamo } from './client';
import { config } from '../platform/config';
import { clubEntity } from './entities/club';
import { memberEntity } from './entities/member';
import { apiKeyEntity } from './entities/api-key';
import { playerEntity } from './entities/player';
import { moderationEntity } from './entities/moderation';
import { playerRegistrationEntity, tournamentEntity, tournamentPartEntity } from './entities/tournament';
import { blindStructureEntity } from './entities/blind-structure';
import { scheduleEntity, scheduleNameEntity } from './entities/schedule';
import { notificationEntity } from './entities/notification';
import { clubVerificationEntity, verificationLogEntity } from './entities/verification';
import { registryCacheEntity } from './entities/registry-cache';

const entities = {
  club: clubEntity,
  member: memberEntity,
  apiKey: apiKeyEntity,
  player: playerEntity,
  moderation: moderationEntity,
  tournament: tournamentEntity,
  tournamentPart: tournamentPartEntity,
  playerRegistration: playerRegistrationEntity,
  blindStructure: blindStructureEntity,
  schedule: scheduleEntity,
  scheduleName: scheduleNameEntity,
  notification: notificationEntity,
  clubVerification: clubVerificationEntity,
  verificationLog: verificationLogEntity,
  registryCache: registryCacheEntity,
};

export type Store = Service<typeof entities>;

let service: Store | undefined;

/** The ElectroDB service over the single table, bound to this container's client. */
export function store(): Store {
  service ??= new Service(entities, { client: dynamo().doc, table: config().tableName });
  return service;
}

export function resetStore(): void {
  service = undefined;
}
