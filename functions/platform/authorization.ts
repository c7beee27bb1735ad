import type { Role } from '../../domain/core/context';

/**
 * Who may call which route: the one authorization table of the API, keyed by operationId.
 * - public: no credentials needed;
 * - user: any signed-in person (JWT), acting for themself (players; anyone creating a club); a suspended
 *   account gets 403 unless `whileSuspended` (the right to erasure, R-PD-1), a deleted one 410. With
 *   `accountReadByRoute`, the route reads the profile in its own first round trip and checks it with
 *   `assertAccount` (the request fails closed if it does not);
 * - club: staff of the club named by the path, with one of the roles (API keys carry a role too,
 *   unless `apiKeys: false`); anyone else gets 404 as if the club did not exist. With `publicView`,
 *   callers outside the club (anonymous or signed in) reach the handler with no club access, and the
 *   handler shows what is public or answers that 404 itself;
 * - operator: the platform's moderators.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; whileSuspended?: boolean; accountReadByRoute?: boolean }
  | { kind: 'club'; roles: readonly Role[]; apiKeys: boolean; publicView?: boolean }
  | { kind: 'operator' };

const club = (roles: readonly Role[], apiKeys = true): Access => ({ kind: 'club', roles, apiKeys });
const ALL_STAFF: readonly Role[] = ['owner', 'manager', 'dealer', 'cashier'];
const FLOOR: readonly Role[] = ['owner', 'manager'];
const DESK: readonly Role[] = ['owner', 'manager', 'cashier'];

export const ACCESS: Record<string, Access> = {
  // system
  getHealth: { kind: 'public' },
  getOpenApi: { kind: 'public' },
  getDocs: { kind: 'public' },
  getDocsBundle: { kind: 'public' },
  // clubs and staff
  createClub: { kind: 'user' },
  getClub: club(ALL_STAFF),
  updateClub: club(['owner']),
  listMembers: club(['owner', 'manager']),
  addMember: club(['owner'], false),
  removeMember: club(['owner'], false),
  listApiKeys: club(['owner'], false),
  createApiKey: club(['owner'], false),
  revokeApiKey: club(['owner'], false),
  // players
  createPlayer: { kind: 'user' },
  getMe: { kind: 'user' },
  // R-PD-1: a suspended player may still correct or erase their own data
  updateMe: { kind: 'user', whileSuspended: true },
  deleteMe: { kind: 'user', whileSuspended: true },
  // blind structures and the clock (R-CLK-1..5), no-shows (R-NOSHOW-1)
  getDefaultBlindStructures: { kind: 'public' },
  listBlindStructures: club(ALL_STAFF),
  getBlindStructure: club(ALL_STAFF),
  createBlindStructure: club(['owner', 'manager']),
  updateBlindStructure: club(['owner', 'manager']),
  deleteBlindStructure: club(['owner', 'manager']),
  getClock: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  // the TV page that reads the public clock: the same rule
  getClockScreen: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  getClockScreenScript: { kind: 'public' },
  startClock: club(['owner', 'manager']),
  pauseClock: club(['owner', 'manager']),
  resumeClock: club(['owner', 'manager']),
  nextLevel: club(['owner', 'manager']),
  previousLevel: club(['owner', 'manager']),
  adjustLevel: club(['owner', 'manager']),
  restartLevel: club(['owner', 'manager']),
  overrideCurrentLevel: club(['owner', 'manager']),
  addClockTime: club(['owner', 'manager']),
  processNoShows: club(['owner', 'manager']),
  listMyNotifications: { kind: 'user', accountReadByRoute: true },
  // phones for pushes and the kinds turned off
  registerDevice: { kind: 'user' },
  listDevices: { kind: 'user' },
  deleteDevice: { kind: 'user' },
  getPushPreferences: { kind: 'user' },
  updatePushPreferences: { kind: 'user' },
  // moderation
  setClubSuspension: { kind: 'operator' },
  setPlayerSuspension: { kind: 'operator' },
  // R-MONEY-2: the texts the money check holds for review
  listMoneyReviews: { kind: 'operator' },
  decideMoneyReview: { kind: 'operator' },
  // R-MOD-1 content decisions; the club reads why
  setTournamentVisibility: { kind: 'operator' },
  setPrizeRowVisibility: { kind: 'operator' },
  setMysteryPrizeVisibility: { kind: 'operator' },
  setDisplayNameVisibility: { kind: 'operator' },
  listModerationNotices: club(['owner', 'manager']),
  // club verification (R-CLUB-2..4): the owner asks and attests, the floor reads, operators decide
  requestVerification: club(['owner'], false),
  getVerification: club(['owner', 'manager']),
  listVerificationQueue: { kind: 'operator' },
  decideVerification: { kind: 'operator' },
  // tournaments: owner and manager run them, every staff member reads them
  listTournaments: club(ALL_STAFF),
  createTournament: club(FLOOR),
  getTournament: club(ALL_STAFF),
  updateTournament: club(FLOOR),
  openRegistration: club(FLOOR),
  startTournament: club(FLOOR),
  finishTournament: club(FLOOR),
  cancelTournament: club(FLOOR),
  listRegistrations: club(ALL_STAFF),
  createRegistration: club(FLOOR),
  checkIn: club(FLOOR),
  deleteRegistration: club(FLOOR),
  listEntries: club(ALL_STAFF),
  createEntry: club(FLOOR),
  rebuy: club(FLOOR),
  addon: club(FLOOR),
  // fees: the cashier settles at the desk; dealers see none of it
  getPlayerFees: club(DESK),
  settle: club(DESK),
  cancelSettlement: club(DESK),
  // the player's own registrations
  listMyRegistrations: { kind: 'user', accountReadByRoute: true },
  registerMyself: { kind: 'user' },
  unregisterMyself: { kind: 'user' },
  // seating: the floor runs it, dealers read the tables (R-SEAT-1..8)
  drawSeating: club(FLOOR),
  listTables: club(ALL_STAFF),
  listMoves: club(ALL_STAFF),
  listProposals: club(ALL_STAFF),
  breakTable: club(FLOOR),
  setButton: club(FLOOR),
  movePlayer: club(FLOOR),
  undoMove: club(FLOOR),
  assembleFinalTable: club(FLOOR),
  confirmProposal: club(FLOOR),
  overrideProposal: club(FLOOR),
  rejectProposal: club(FLOOR),
  // Hold'em tools of the floor (R-HE-1..9): no stored data, staff who run tables
  evaluateHands: club(['owner', 'manager', 'dealer']),
  replayHand: club(['owner', 'manager', 'dealer']),
  // Duplicate Poker (R-DUP-1..7): the floor runs events; dealers record hands; the deck sheets go to the roles
  // the club grants (checked in the handler, audited); commitments, standings, closed hands and the screen are public
  createDuplicateEvent: club(FLOOR),
  listDuplicateEvents: club(ALL_STAFF),
  getDuplicateEvent: club(ALL_STAFF),
  removeDuplicatePlayer: club(FLOOR),
  startDuplicateEvent: club(FLOOR),
  getDuplicateDeckAccess: club(FLOOR),
  setDuplicateDeckAccess: club(['owner'], false),
  getDuplicateRound: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  getDuplicateDecks: club(ALL_STAFF, false),
  listDuplicateDeckReads: club(FLOOR),
  enterDuplicateCounts: club(FLOOR),
  recordDuplicateHand: club(['owner', 'manager', 'dealer']),
  getDuplicateTable: club(['owner', 'manager', 'dealer']),
  closeDuplicateRound: club(FLOOR),
  revealDuplicateRound: club(FLOOR),
  getDuplicateStandings: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  getDuplicateDiagram: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  getDuplicateScreen: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  // knockouts and results
  listKnockouts: club(ALL_STAFF),
  recordKnockout: club(FLOOR),
  cancelKnockout: club(FLOOR),
  drawMystery: club(FLOOR),
  getStandings: club(ALL_STAFF),
  getResults: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  // R-BTY-3: staff read the bounties; R-MYS-2: the table and its commitment are public, what is left is the staff's
  getBounties: club(ALL_STAFF),
  getMysteryTable: { kind: 'club', roles: ALL_STAFF, apiKeys: true, publicView: true },
  // public
  catalogTournaments: { kind: 'public' },
  catalogClubs: { kind: 'public' },
  listPrizePresets: { kind: 'public' },
};

export function accessOf(operationId: string): Access {
  const a = ACCESS[operationId];
  // A route without an entry is a programming error, caught by the route-table test.
  if (!a) throw new Error(`no access rule for ${operationId}`);
  return a;
}
