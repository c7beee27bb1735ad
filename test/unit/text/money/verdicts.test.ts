import { describe, expect, it } from 'vitest';
import { checkMoney, type MoneyTextKind } from '../../../../domain/text/money/checker';
import { clearFormsCache } from '../../../../domain/text/money/normalise';
import { CORPUS } from './corpus';

/**
 * R-MONEY-2: the checker's verdict on every corpus phrase and on every 200-character text the bench
 * times, recorded in verdicts.snapshot.txt. Work on the checker's speed must leave this file as it is;
 * a change of behaviour shows here line by line and is updated on purpose (`vitest -u`).
 */

const describeVerdict = (text: string, kind: MoneyTextKind): string => {
  const v = checkMoney(text, kind);
  const findings = v.findings.map((f) => `    ${f.outcome} ${f.category} [${f.start},${f.end}) ${JSON.stringify(f.fragment)}: ${f.reason}`);
  return [`  ${kind}: ${v.outcome}`, ...findings].join('\n');
};

/** A phrase's verdicts as a prize (where a bare amount is held) and as a name (where it is not). */
const record = (text: string): string => [JSON.stringify(text), describeVerdict(text, 'prize'), describeVerdict(text, 'name')].join('\n');

// The bench's texts: the corpus joined and cut every 200 characters (scripts/bench/money.ts).
const joined = CORPUS.map((row) => row.text).join('. ');
const CUTS: string[] = [];
for (let at = 0; at + 200 <= joined.length; at += 200) CUTS.push(joined.slice(at, at + 200));

const snapshot = (): string =>
  [`# ${CORPUS.length} corpus phrases, ${CUTS.length} bench texts`, ...CORPUS.map((row) => record(row.text)), ...CUTS.map(record), ''].join(
    '\n',
  );

describe('money checker verdicts (R-MONEY-2)', () => {
  it('R-MONEY-2: every corpus phrase and bench text gets the recorded verdict, fragment and reason', async () => {
    clearFormsCache();
    await expect(snapshot()).toMatchFileSnapshot('./verdicts.snapshot.txt');
  });

  it('R-MONEY-2: the verdicts do not depend on what was checked before (kept word readings)', () => {
    clearFormsCache();
    const cold = snapshot();
    const warm = snapshot();
    // In reverse order, so that every text is read with the caches filled by the ones after it.
    const reversed = [...CORPUS].reverse().map((row) => record(row.text));
    expect(warm).toBe(cold);
    expect(reversed.reverse()).toEqual(CORPUS.map((row) => record(row.text)));
  });
});
