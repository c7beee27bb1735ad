import { recordAt } from '../core/record-map';
import type { Context } from '../core/context';
import { conflict, notFound } from '../core/errors';
import { SeatingDraft } from './draft';
import { requireFreeSeat } from './guards';
import type { Proposal, SeatRef, SeatingResult, SeatingState } from './types';

/** R-SEAT-8: the floor settles the balancing proposals of manual mode one by one. */

export interface ProposalCommand {
  proposalId: string;
}

export interface OverrideProposalCommand extends ProposalCommand {
  to: SeatRef;
}

function findProposal(state: SeatingState, proposalId: string): Proposal {
  const p = state.pendingProposals?.find((x) => x.id === proposalId);
  if (!p) throw notFound('PROPOSAL_NOT_FOUND', `Proposal ${proposalId} is not pending`);
  return p;
}

/** The proposed player must still sit where the proposal found them. */
function requireStillSeated(state: SeatingState, p: Proposal): void {
  const now = recordAt(state.seatOf, p.entryId);
  if (!now || now.tableId !== p.from.tableId || now.seat !== p.from.seat) {
    throw conflict('PROPOSAL_STALE', 'The proposed player has moved or left since the proposal; reject it');
  }
}

function settle(state: SeatingState, p: Proposal, to: SeatRef, overridden: boolean, ctx: Context): SeatingResult {
  const draft = new SeatingDraft(state, ctx);
  draft.move(p.entryId, to, overridden ? 'manual' : 'balance', {
    proposalId: p.id,
    ...(p.seed !== undefined ? { seed: p.seed } : {}),
  });
  draft.pendingProposals = (state.pendingProposals ?? []).filter((x) => x.id !== p.id);
  return draft.commit();
}

/** Makes the proposed move as proposed (recorded with reason `balance`). */
export function confirmProposal(state: SeatingState, cmd: ProposalCommand, ctx: Context): SeatingResult {
  const p = findProposal(state, cmd.proposalId);
  requireStillSeated(state, p);
  const table = state.tables[p.to.tableId];
  if (!table || table.status !== 'active' || table.seats[p.to.seat] !== null) {
    throw conflict('PROPOSAL_STALE', 'The proposed seat is no longer free; override or reject the proposal');
  }
  return settle(state, p, p.to, false, ctx);
}

/** Moves the proposed player to a seat the floor picks instead (recorded with reason `manual`). */
export function overrideProposal(state: SeatingState, cmd: OverrideProposalCommand, ctx: Context): SeatingResult {
  const p = findProposal(state, cmd.proposalId);
  requireStillSeated(state, p);
  requireFreeSeat(state, cmd.to);
  return settle(state, p, cmd.to, true, ctx);
}

/** Drops the proposal; nobody moves. */
export function rejectProposal(state: SeatingState, cmd: ProposalCommand, ctx: Context): SeatingResult {
  findProposal(state, cmd.proposalId);
  const draft = new SeatingDraft(state, ctx);
  draft.pendingProposals = (state.pendingProposals ?? []).filter((x) => x.id !== cmd.proposalId);
  return draft.commit();
}
