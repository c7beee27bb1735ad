import { cardToString, type Card } from './cards';
import type { HandState, SeatState } from './hand';

/**
 * A hand as text for people, in the layout most hand histories use (seats, postings, "*** HOLE CARDS ***",
 * streets, "*** SHOW DOWN ***", "*** SUMMARY ***"). Every hole card known is shown: the record is the floor's.
 */
const cards = (list: readonly Card[]): string => `[${list.map(cardToString).join(' ')}]`;

const BETTING_NAMES = {
  'no-limit': 'No Limit',
  'pot-limit': 'Pot Limit',
  'pot-limit-preflop': 'Pot Limit preflop, No Limit after',
} as const;

export function handHistoryText(st: HandState, title = 'Hand'): string {
  const { setup } = st;
  const name = (seat: number): string => (st.seats.find((s) => s.seat === seat) as SeatState).name;
  const lines: string[] = [];
  const ante = setup.ante > 0 && setup.anteType !== 'none' ? `, ${setup.anteType === 'bb' ? 'BB ante' : 'ante'} ${setup.ante}` : '';
  lines.push(`${title}: Hold'em ${BETTING_NAMES[setup.betting]} (${setup.smallBlind}/${setup.bigBlind}${ante})`);
  lines.push(`Seat #${setup.button} is the button`);
  for (const s of st.seats) {
    if (!s.inHand && !(s.empty && s.cards.length)) continue;
    lines.push(`Seat ${s.seat}: ${s.name} (${s.startStack} in chips)${s.empty ? ' [empty seat]' : ''}`);
  }
  const posts = { ante: 'posts the ante', 'small-blind': 'posts small blind', 'big-blind': 'posts big blind' } as const;
  for (const p of st.postings) lines.push(`${name(p.seat)}: ${posts[p.kind]} ${p.amount}`);
  lines.push('*** HOLE CARDS ***');
  for (const s of st.seats) if (s.cards.length) lines.push(`Dealt to ${s.name} ${cards(s.cards)}`);

  let board: Card[] = [];
  for (const reached of st.streets) {
    if (reached.street !== 'preflop') {
      const label = reached.street.toUpperCase();
      lines.push(board.length ? `*** ${label} *** ${cards(board)} ${cards(reached.cards)}` : `*** ${label} *** ${cards(reached.cards)}`);
      board = [...board, ...reached.cards];
    }
    let bet = reached.street === 'preflop' ? setup.bigBlind : 0;
    for (const e of st.log.filter((x) => x.street === reached.street)) {
      const who = name(e.action.seat);
      const timeout = e.action.type === 'timeout' ? ' (timeout)' : '';
      const allIn = e.allIn && e.added > 0 ? ' and is all-in' : '';
      if (e.done === 'fold') lines.push(`${who}: folds${timeout}`);
      else if (e.done === 'check') lines.push(`${who}: checks${timeout}`);
      else if (e.done === 'call') lines.push(`${who}: calls ${e.added}${allIn}`);
      else if (e.done === 'bet') lines.push(`${who}: bets ${e.to}${allIn}`);
      else lines.push(`${who}: raises ${e.to - bet} to ${e.to}${allIn}`);
      if (e.done === 'bet' || e.done === 'raise') bet = e.to;
    }
  }

  const r = st.result;
  if (r) {
    for (const p of r.pots) if (p.uncalled) lines.push(`Uncalled bet (${p.amount}) returned to ${name(p.eligible[0] as number)}`);
    if (r.shown.length) {
      lines.push('*** SHOW DOWN ***');
      for (const h of r.shown) lines.push(`${name(h.seat)}: shows ${cards(h.cards)} (${h.description})`);
    }
    const won = r.pots.filter((p) => !p.uncalled);
    for (const p of won) {
      const label = won.length === 1 ? 'pot' : p.index === 0 ? 'main pot' : `side pot-${p.index}`;
      for (const w of p.winners) lines.push(`${name(w.seat)} collected ${w.amount} from ${label}`);
    }
    lines.push('*** SUMMARY ***');
    const total = won.reduce((a, p) => a + p.amount, 0);
    const parts =
      won.length > 1 ? ` ${won.map((p) => `${p.index === 0 ? 'Main pot' : `Side pot-${p.index}`} ${p.amount}.`).join(' ')}` : '';
    lines.push(`Total pot ${total} |${parts || ` Pot ${total}`}`);
    if (r.board.length) lines.push(`Board ${cards(r.board)}`);
    for (const s of st.seats) {
      if (!s.inHand) continue;
      const role =
        s.seat === setup.button
          ? ' (button)'
          : st.seats[st.sbIndex] === s
            ? ' (small blind)'
            : st.seats[st.bbIndex] === s
              ? ' (big blind)'
              : '';
      const got = r.pots
        .filter((p) => !p.uncalled)
        .flatMap((p) => p.winners)
        .filter((w) => w.seat === s.seat)
        .reduce((a, w) => a + w.amount, 0);
      const h = r.shown.find((x) => x.seat === s.seat);
      const what = h
        ? `showed ${cards(h.cards)} and ${got ? `won (${got})` : 'lost'} with ${h.description}`
        : s.folded
          ? 'folded'
          : got
            ? `collected (${got})`
            : 'mucked';
      lines.push(`Seat ${s.seat}: ${s.name}${role} ${what}`);
    }
  }
  return lines.join('\n');
}
