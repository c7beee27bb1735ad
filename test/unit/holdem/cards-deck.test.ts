import { describe, expect, it } from 'vitest';
import { cardFromString, cardToString, orderedDeck, parseCards } from '../../../domain/holdem/cards';
import { deckFromSeed, deckToStrings, parseDeck, seedCommitment } from '../../../domain/holdem/deck';
import { hmacSha256, sha256, toHex, utf8 } from '../../../domain/holdem/sha256';
import { isDomainError } from '../../../domain/core/errors';

const hex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

describe('cards (R-HE-1)', () => {
  it('R-HE-1: 52 different cards, four suits of thirteen ranks, written and read back', () => {
    const deck = orderedDeck();
    expect(deck).toHaveLength(52);
    const texts = deck.map(cardToString);
    expect(new Set(texts).size).toBe(52);
    expect(texts.slice(0, 4)).toEqual(['2c', '2d', '2h', '2s']);
    expect(texts[51]).toBe('As');
    for (const t of texts) expect(cardFromString(t)).toBe(deck[texts.indexOf(t)]);
    expect(cardFromString('10h')).toBe(cardFromString('Th'));
    expect(cardFromString('a♠')).toBe(cardFromString('As'));
  });

  it('refuses malformed and duplicate cards, naming the field', () => {
    for (const bad of ['1s', 'Ax', 'AAs', '', 'Kds']) {
      expect(cardFromString(bad)).toBeUndefined();
    }
    try {
      parseCards(['As', 'Kd', 'as'], 'holes.3');
      expect.fail('a duplicate passed');
    } catch (e) {
      expect(isDomainError(e) && e.code).toBe('CARD_DUPLICATE');
      expect((e as Error).message).toContain('holes.3[2]');
    }
    expect(() => parseCards(['Zz'], 'board')).toThrow(/board\[0\].*not a card/);
  });
});

describe('SHA-256 and HMAC-SHA-256 (known vectors)', () => {
  it('FIPS 180-2 / NIST examples', () => {
    expect(toHex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(sha256(utf8('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('RFC 4231 test cases 1, 2, 3, 4, 6 and 7', () => {
    const cases: [Uint8Array, Uint8Array, string][] = [
      [hex('0b'.repeat(20)), utf8('Hi There'), 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7'],
      [utf8('Jefe'), utf8('what do ya want for nothing?'), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
      [hex('aa'.repeat(20)), hex('dd'.repeat(50)), '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe'],
      [
        hex('0102030405060708090a0b0c0d0e0f10111213141516171819'),
        hex('cd'.repeat(50)),
        '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
      ],
      [
        hex('aa'.repeat(131)),
        utf8('Test Using Larger Than Block-Size Key - Hash Key First'),
        '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
      ],
      [
        hex('aa'.repeat(131)),
        utf8(
          'This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.',
        ),
        '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
      ],
    ];
    for (const [key, msg, mac] of cases) expect(toHex(hmacSha256(key, msg))).toBe(mac);
  });
});

describe('decks from a seed', () => {
  it('the documented test vectors (docs/decisions/holdem.md, checked there with a Python script)', () => {
    expect(deckToStrings(deckFromSeed('sport-poker')).join(' ')).toBe(
      'Kd 7c 5s 2d 5h 9s 3c Ks 8h Ad 9d Kh 2s 4s Jd As 8d Jc Ac 6d 4h Ts 7h 2c Qc 3s 2h Qs Tc 4d 9c 3h Js Jh Td Qh 5d 7d 9h Qd 6h 4c 6c 3d 8c 6s 8s 7s Ah Kc Th 5c',
    );
    expect(deckToStrings(deckFromSeed('турнир-42/раунд-1/раздача-3')).slice(0, 6).join(' ')).toBe('2d 5d Ac Jd 2h 4c');
    expect(deckToStrings(deckFromSeed('abc')).slice(0, 10).join(' ')).toBe('4s 5h 9h Tc Ah 4c 2h 5d As Js');
  });

  it('a deck is a permutation of the 52 cards, the same for the same seed and different for another', () => {
    const a = deckFromSeed('table-7/hand-12');
    expect([...a].sort((x, y) => x - y)).toEqual(orderedDeck());
    expect(deckFromSeed('table-7/hand-12')).toEqual(a);
    expect(deckFromSeed('table-7/hand-13')).not.toEqual(a);
  });

  it('every card reaches every position about equally often (no gross bias)', () => {
    const n = 2000;
    const top = new Array<number>(52).fill(0);
    for (let i = 0; i < n; i++) top[deckFromSeed(`bias-${i}`)[0] as number]! += 1;
    // Expected 38.5 per card; a fair shuffle stays well inside 10..80 for every card.
    expect(Math.min(...top)).toBeGreaterThan(10);
    expect(Math.max(...top)).toBeLessThan(80);
  });

  it('the commitment is the SHA-256 of the seed; pre-arranged decks are parsed and checked', () => {
    expect(seedCommitment('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(parseDeck(['As', 'Kd'])).toEqual([cardFromString('As'), cardFromString('Kd')]);
    expect(() => parseDeck(['As', 'As'])).toThrow(/already at deck\[0\]/);
    expect(() => deckFromSeed('')).toThrow(/seed/);
  });
});
