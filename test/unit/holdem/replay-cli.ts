/**
 * Replays the hand record read from stdin in this process and prints pots, stacks and the text as JSON:
 * the determinism test compares it with the HTTP answer. `npx tsx test/unit/holdem/replay-cli.ts < hand.json`.
 */
import { readFileSync } from 'node:fs';
import { cardToString } from '../../../domain/holdem/cards';
import { potsNow } from '../../../domain/holdem/hand';
import { handHistoryText } from '../../../domain/holdem/history';
import { replay, type HandRecordV1 } from '../../../domain/holdem/record';

const rec = JSON.parse(readFileSync(0, 'utf8')) as HandRecordV1;
const r = replay(rec);
const st = r.state;
process.stdout.write(
  JSON.stringify({
    board: st.board.map(cardToString),
    pots: potsNow(st),
    stacks: st.seats.map((s) => ({ seat: s.seat, start: s.startStack, end: s.stack, net: s.stack - s.startStack })),
    text: handHistoryText(st, rec.id ? `Hand ${rec.id}` : 'Hand'),
  }),
);
