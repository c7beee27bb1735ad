#!/usr/bin/env python3
"""Checks a Duplicate Poker round's commitment against its revealed seed (R-DUP-2), independently of the
server's code: Python 3 standard library only.

Usage:
  python3 scripts/verify-duplicate-commitment.py --seed SEED --seats 9 --hands 12 --commitment HEX [--decks decks.json]
  python3 scripts/verify-duplicate-commitment.py --round round.json

round.json is the answer of GET .../duplicate-events/{eventId}/rounds/{round} after the reveal (it holds
`seed`, `tableSize`, `level.hands`, `commitment`). --decks (or `decks` in round.json) is a list of decks, each
a list of 52 cards top first, that must equal the decks derived from the seed. Exit status 0 when it verifies.

The commitment is the hex SHA-256 of this UTF-8 text, each line ending with "\\n":
  sport-poker/duplicate/v1
  algorithm hmac-sha256-ctr-fisher-yates-v1
  seats <seats dealt per table>
  seed <seed>
  hand 1 <the 52 cards of hand 1, top first, space-separated>
  ...
Hand h is dealt from the deck of the seed "<seed>/hand-<h>" (docs/decisions/holdem.md).
"""
import argparse, hashlib, hmac, json, struct, sys

LABEL = b"sport-poker/deck/v1"


def deck_from_seed(seed: str) -> list:
    key = seed.encode("utf-8")

    def draws():
        counter = 0
        while True:
            block = hmac.new(key, LABEL + struct.pack(">I", counter), hashlib.sha256).digest()
            counter += 1
            for k in range(0, 32, 4):
                yield struct.unpack(">I", block[k:k + 4])[0]

    stream = draws()
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    for i in range(51, 0, -1):
        n = i + 1
        limit = (2**32 // n) * n
        u = next(stream)
        while u >= limit:
            u = next(stream)
        j = u % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def commitment(seed: str, seats: int, hands: int):
    decks = [deck_from_seed(f"{seed}/hand-{h}") for h in range(1, hands + 1)]
    lines = ["sport-poker/duplicate/v1", "algorithm hmac-sha256-ctr-fisher-yates-v1", f"seats {seats}", f"seed {seed}"]
    lines += [f"hand {h} " + " ".join(d) for h, d in enumerate(decks, start=1)]
    text = "\n".join(lines) + "\n"
    return hashlib.sha256(text.encode("utf-8")).hexdigest(), decks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--round", help="a round as JSON (file path, or - for stdin)")
    ap.add_argument("--seed")
    ap.add_argument("--seats", type=int)
    ap.add_argument("--hands", type=int)
    ap.add_argument("--commitment")
    ap.add_argument("--decks", help="JSON file with the published decks to compare")
    a = ap.parse_args()
    decks_given = None
    if a.round:
        r = json.load(sys.stdin if a.round == "-" else open(a.round, encoding="utf-8"))
        seed, seats, hands, expected = r.get("seed"), r["tableSize"], r["level"]["hands"], r["commitment"]
        decks_given = r.get("decks")
        if not seed:
            print("the round's seed is not revealed yet", file=sys.stderr)
            return 2
    else:
        if not (a.seed and a.seats and a.hands and a.commitment):
            ap.error("give --round, or --seed, --seats, --hands and --commitment")
        seed, seats, hands, expected = a.seed, a.seats, a.hands, a.commitment
    if a.decks:
        decks_given = json.load(open(a.decks, encoding="utf-8"))
    got, decks = commitment(seed, seats, hands)
    ok = got == expected.lower()
    print(f"commitment {got} {'matches' if ok else 'DOES NOT match ' + expected}")
    if decks_given is not None:
        same = [list(d) for d in decks_given] == decks
        print(f"published decks {'match' if same else 'DO NOT match'} the seed")
        ok = ok and same
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
