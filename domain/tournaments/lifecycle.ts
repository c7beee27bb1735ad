import type { Context } from '../core/context';
import { conflict } from '../core/errors';
import { Draft } from './draft';
import { assertNoMoneyHold } from './money-hold';
import { seatAbsentAtStart } from './no-shows';
import { applySettingsPatch, validateSettings } from './settings';
import type { SettingsInput, SettingsPatch } from './settings';
import type { Tournament, TournamentResult, TournamentStatus } from './types';

/** R-LIFE-1: the allowed moves. finished and cancelled are final. */
const NEXT: Readonly<Record<TournamentStatus, readonly TournamentStatus[]>> = {
  announced: ['registration_open', 'cancelled'],
  registration_open: ['running', 'cancelled'],
  running: ['finished', 'cancelled'],
  finished: [],
  cancelled: [],
};

export function canTransition(from: TournamentStatus, to: TournamentStatus): boolean {
  return NEXT[from].includes(to);
}

export interface CreateTournament {
  clubId: string;
  /** The club's currency: fees are recorded in it. */
  clubCurrency: string;
  settings: SettingsInput;
}

export function createTournament(command: CreateTournament, ctx: Context): TournamentResult {
  const settings = validateSettings(command.settings, { currency: command.clubCurrency });
  const id = ctx.newId('trn');
  const state: Tournament = {
    id,
    clubId: command.clubId,
    status: 'announced',
    version: 0,
    settings,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    registrations: {},
    entries: {},
    fees: {},
    settlements: {},
  };
  return { state, events: [{ type: 'tournament.created', tournamentId: id }] };
}

/** R-LIFE-2: settings are editable only while announced (the Russian text prevails over the Armenian). */
export function editSettings(state: Tournament, command: { patch: SettingsPatch }, ctx: Context): TournamentResult {
  if (state.status !== 'announced') {
    throw conflict('SETTINGS_FROZEN', `Settings are frozen once registration opens (status ${state.status})`);
  }
  const settings = validateSettings(applySettingsPatch(state.settings, command.patch), {
    currency: state.settings.currency,
  });
  const d = new Draft(state, ctx);
  d.setRoot({ settings });
  d.emit({ type: 'tournament.settings_edited', tournamentId: state.id });
  return d.result();
}

/** R-LIFE-1: one move along the lifecycle; anything else is INVALID_STATUS_TRANSITION. */
export function changeStatus(state: Tournament, command: { to: TournamentStatus }, ctx: Context): TournamentResult {
  const from = state.status;
  if (!canTransition(from, command.to)) {
    throw conflict('INVALID_STATUS_TRANSITION', `A tournament cannot go from ${from} to ${command.to}`);
  }
  // R-MONEY-2: a tournament whose texts wait for an operator does not open to players.
  if (command.to === 'registration_open') assertNoMoneyHold(state);
  const d = new Draft(state, ctx);
  d.setRoot({ status: command.to });
  d.emit({ type: 'tournament.status_changed', tournamentId: state.id, from, to: command.to });
  if (command.to === 'running') seatAbsentAtStart(d);
  return d.result();
}

export const openRegistration = (state: Tournament, ctx: Context): TournamentResult =>
  changeStatus(state, { to: 'registration_open' }, ctx);
export const startTournament = (state: Tournament, ctx: Context): TournamentResult => changeStatus(state, { to: 'running' }, ctx);
export const finishTournament = (state: Tournament, ctx: Context): TournamentResult => changeStatus(state, { to: 'finished' }, ctx);
export const cancelTournament = (state: Tournament, ctx: Context): TournamentResult => changeStatus(state, { to: 'cancelled' }, ctx);
