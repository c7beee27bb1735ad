import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/core/errors';
import {
  expireTicket,
  issueTicket,
  refuseConversion,
  returnTicket,
  revokeTicket,
  ticketRefusal,
  ticketsAtFinish,
  ticketStatusAt,
  useTicket,
  type IssueTicket,
  type Ticket,
  type TicketUse,
} from '../../../domain/season';
import { DAY, makeCtx, T0 } from './fixtures';

const command = (over: Partial<IssueTicket> = {}): IssueTicket => ({
  clubId: 'club-1',
  holderId: 'p1',
  target: { kind: 'series', seriesId: 's1' },
  expiresAt: T0 + 30 * DAY,
  source: { kind: 'manual', note: 'за победу в турнире дня' },
  ...over,
});
const use = (over: Partial<TicketUse> = {}): TicketUse => ({
  clubId: 'club-1',
  tournamentId: 't9',
  seriesId: 's1',
  playerId: 'p1',
  registrationId: 'r1',
  ...over,
});
const issued = (over: Partial<IssueTicket> = {}): Ticket => issueTicket(command(over), makeCtx()).ticket;

function refused(code: string, fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect((e as DomainError).code).toBe(code);
    return e as DomainError;
  }
  throw new Error(`expected ${code}`);
}

describe('tickets', () => {
  it('R-TICKET-1: a ticket has a holder, its club, a target, an expiry and a status, and no face value', () => {
    const { ticket, event } = issueTicket(command(), makeCtx());
    expect(ticket).toMatchObject({
      clubId: 'club-1',
      holderId: 'p1',
      status: 'issued',
      expiresAt: T0 + 30 * DAY,
      issuedBy: 'user-manager',
    });
    expect(event).toMatchObject({ type: 'ticket.issued', ticketId: ticket.id, by: 'user-manager' });
    expect(Object.keys(ticket)).not.toContain('value');
    refused('TICKET_NO_FACE_VALUE', () => issueTicket({ ...command(), faceValue: 3000 } as IssueTicket, makeCtx()));
    refused('TICKET_INVALID', () => issueTicket(command({ expiresAt: T0 - 1 }), makeCtx()));
    refused('MONEY_WORDING', () => issueTicket(command({ target: { kind: 'club', upToFeeLevel: 'до 3000 ₽' } }), makeCtx()));
    // R-MONEY-2: good at once, a ticket has no hold to wait on: what the checker would hold is refused too.
    const held = refused('MONEY_WORDING', () =>
      issueTicket(command({ source: { kind: 'manual', note: 'Сертификат на 3000' } }), makeCtx()),
    );
    expect(held.errors?.[0]?.field).toBe('source.note');
    refused('MONEY_WORDING', () => issueTicket(command({ target: { kind: 'club', upToFeeLevel: 'Лига евро' } }), makeCtx()));
    expect(issueTicket(command({ source: { kind: 'manual', note: 'Победитель ноябрьской лиги' } }), makeCtx()).ticket.status).toBe(
      'issued',
    );
  });

  it('R-TICKET-1, R-MONEY-1: a ticket is never sold, exchanged, transferred or cashed out', () => {
    for (const a of ['sale', 'exchange', 'transfer', 'cash_out'] as const) refused('TICKET_NOT_CONVERTIBLE', () => refuseConversion(a));
    expect(ticketRefusal(issued(), use({ playerId: 'p2' }), T0)).toBe('TICKET_NOT_HOLDER');
  });

  it('R-TICKET-3: used exactly once; a used, expired, revoked or other-target ticket is refused with its code', () => {
    const t = issued();
    const { ticket: used, event } = useTicket(t, use(), makeCtx(T0 + DAY));
    expect(used).toMatchObject({ status: 'used', usedFor: { tournamentId: 't9', registrationId: 'r1' } });
    expect(event?.type).toBe('ticket.used');
    expect(refused('TICKET_USED', () => useTicket(used, use({ registrationId: 'r2' }), makeCtx())).kind).toBe('conflict');
    refused('TICKET_EXPIRED', () => useTicket(t, use(), makeCtx(T0 + 30 * DAY)));
    refused('TICKET_REVOKED', () => useTicket(revokeTicket(t, makeCtx()).ticket, use(), makeCtx()));
    refused('TICKET_OTHER_TARGET', () => useTicket(t, use({ seriesId: 's2' }), makeCtx()));
    refused('TICKET_OTHER_TARGET', () => useTicket(t, use({ clubId: 'club-2' }), makeCtx()));
    const one = issued({ target: { kind: 'tournament', tournamentId: 't9' } });
    expect(ticketRefusal(one, use({ seriesId: undefined }), T0)).toBeNull();
    expect(ticketRefusal(one, use({ tournamentId: 't8' }), T0)).toBe('TICKET_OTHER_TARGET');
  });

  it('R-TICKET-1: a club ticket up to a fee level label enters that level or a lower one', () => {
    const t = issued({ target: { kind: 'club', upToFeeLevel: 'Регуляр' } });
    const levels = ['Фриролл', 'Регуляр', 'Хайроллер'];
    expect(ticketRefusal(t, use({ feeLevel: 'Фриролл', feeLevels: levels }), T0)).toBeNull();
    expect(ticketRefusal(t, use({ feeLevel: 'Регуляр', feeLevels: levels }), T0)).toBeNull();
    expect(ticketRefusal(t, use({ feeLevel: 'Хайроллер', feeLevels: levels }), T0)).toBe('TICKET_OTHER_TARGET');
    expect(ticketRefusal(t, use({ feeLevels: levels }), T0)).toBe('TICKET_OTHER_TARGET');
    expect(ticketRefusal(issued({ target: { kind: 'club' } }), use({ seriesId: undefined }), T0)).toBeNull();
  });

  it('R-TICKET-3: an unregistration before the start gives the ticket back; after the start it stays used', () => {
    const used = useTicket(issued(), use(), makeCtx()).ticket;
    const back = returnTicket(used, { registrationId: 'r1', tournamentStatus: 'registration_open' }, makeCtx());
    expect(back.ticket.status).toBe('issued');
    expect(back.ticket.usedFor).toBeUndefined();
    expect(back.event?.type).toBe('ticket.returned');
    expect(useTicket(back.ticket, use({ registrationId: 'r3' }), makeCtx()).ticket.status).toBe('used');
    expect(returnTicket(used, { registrationId: 'other', tournamentStatus: 'announced' }, makeCtx())).toEqual({ ticket: used });
    refused('TICKET_NOT_RETURNABLE', () => returnTicket(used, { registrationId: 'r1', tournamentStatus: 'running' }, makeCtx()));
  });

  it('R-TICKET-2: a club revokes an unused ticket; expiry turns an issued ticket expired', () => {
    const t = issued();
    const revoked = revokeTicket(t, makeCtx());
    expect(revoked.ticket).toMatchObject({ status: 'revoked', revokedBy: 'user-manager' });
    expect(revokeTicket(revoked.ticket, makeCtx()).event).toBeUndefined();
    refused('TICKET_USED', () => revokeTicket(useTicket(t, use(), makeCtx()).ticket, makeCtx()));
    expect(ticketStatusAt(t, T0 + 30 * DAY)).toBe('expired');
    expect(expireTicket(t, makeCtx(T0 + DAY)).ticket.status).toBe('issued');
    expect(expireTicket(t, makeCtx(T0 + 30 * DAY)).ticket.status).toBe('expired');
  });

  it('R-TICKET-2: free-entry prize rows issue tickets at the finish to the players of those places', () => {
    const changes = ticketsAtFinish(
      {
        clubId: 'club-1',
        tournamentId: 't1',
        finishedAt: T0,
        places: [
          { playerId: 'a', place: 1 },
          { playerId: 'b', place: 2 },
          { playerId: 'c', place: 3 },
          { playerId: 'd', place: 3 },
          { playerId: 'e', place: 5 },
        ],
      },
      [
        { place: 1, description: 'Кубок', kind: 'trophy' },
        {
          placeFrom: 1,
          placeTo: 3,
          kind: 'free_entry',
          freeEntry: { target: { kind: 'tournament', tournamentId: 'main' }, validDays: 14 },
        },
      ],
      makeCtx(T0 + 5),
    );
    expect(changes.map((c) => [c.ticket.holderId, c.ticket.source])).toEqual(
      ['a', 'b', 'c', 'd'].map((p, i) => [p, { kind: 'prize', tournamentId: 't1', place: [1, 2, 3, 3][i] }]),
    );
    expect(changes.every((c) => c.ticket.expiresAt === T0 + 14 * DAY && c.ticket.status === 'issued')).toBe(true);
  });
});
