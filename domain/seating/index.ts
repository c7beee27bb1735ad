/** Seating, balancing and table breaking (R-SEAT-1..8): pure operations over SeatingState. */
export * from './types';
export { assertSeatsPerTable, resolvePolicy, setSeatingPolicy, MIN_SEATS_PER_TABLE, MAX_SEATS_PER_TABLE } from './policy';
export { initialDraw, layoutDraw, replayDraw, emptySeating, dealRoundRobin } from './draw';
export type { InitialDrawCommand } from './draw';
export { balance, moverSeat } from './balance';
export { breakTable, nextTableToBreak } from './break-table';
export type { BreakTableCommand } from './break-table';
export { seatLateEntrant } from './late-entry';
export type { LateLot, SeatLateEntrantCommand } from './late-entry';
export {
  SEAT_DRAW_ALGORITHM,
  drawStream,
  provableLateSeat,
  provableOrder,
  provableRoundOrder,
  seatDrawCommitment,
  sortedByCodeUnits,
} from './provable-draw';
export { afterKnockout, afterHandKnockout, seatingFlags } from './knockout';
export type { HandKnockoutCommand, HandKnockoutResult, KnockoutCommand, KnockoutFlags, KnockoutResult } from './knockout';
export { movePlayer, undoLastMove, lastUndoableMove, setButton } from './manual';
export type { MovePlayerCommand, SetButtonCommand } from './manual';
export { assembleFinalTable } from './final-table';
export { confirmProposal, overrideProposal, rejectProposal } from './proposals';
export type { ProposalCommand, OverrideProposalCommand } from './proposals';
export { bigBlindSeat, nextBigBlindSeat, worstFreeSeat, lastOccupiedSeat, freeSeats, playerCount } from './positions';
export { activeTables, indexSeats, reindexSeats, seatedCount, tableSkew } from './queries';
