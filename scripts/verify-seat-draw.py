#!/usr/bin/env python3
"""Re-derives a tournament's seat draw from its published entry list and seed (R-DRAW-1), independently of
the server's code: Python 3 standard library only.

Usage:
  python3 scripts/verify-seat-draw.py --proof proof.json [--tables tables.json [--round R]] [--json]

proof.json is the answer of GET /v1/clubs/{clubId}/tournaments/{tournamentId}/seating/draw-proof after the
draw (`-` reads stdin). --tables is the answer of GET .../tables taken right after the draw: every seat in it
must be the derived one; with --round R (a shootout's round 2, 3, ...) the tables are those taken right after
that round's draw. --json prints the derived seats as JSON. Exit status 0 when everything verifies.

The algorithm (sport-poker/seat-draw/v1, docs/decisions/seat-draw.md):
  commitment = hex SHA-256 of the seed's UTF-8 text.
  stream(label): block i = HMAC-SHA-256(key = UTF-8 seed, UTF-8 label + uint32_be(i)), i = 0, 1, ...,
    read as 32-bit big-endian words; draw(n) takes words until u < floor(2^32 / n) * n, answers u mod n.
  initial draw, label "sport-poker/seat-draw/v1/initial": the entry ids sorted by code unit; for i = n-1
    down to 1: j = draw(i + 1), swap positions i and j. T = ceil(n / seats per table); position k sits at
    table (k mod T) + 1, seat floor(k / T) + 1.
  the k-th entry seated after the draw, label "sport-poker/seat-draw/v1/late/<k>/<entry id>": its seat is
    free_seats[draw(len(free_seats))], free_seats being its table's free seats, ascending.
  a shootout's round r = 2, 3, ..., label "sport-poker/seat-draw/v1/round/<r>": the round's players shuffled
    as in the initial draw, dealt the same way; table (k mod T) + 1 of the round is table number
    firstTableNumber + (k mod T).
"""
import argparse, hashlib, hmac, json, struct, sys

ALGORITHM = "sport-poker/seat-draw/v1"


def stream(seed: str, label: str):
    key, prefix, counter = seed.encode("utf-8"), label.encode("utf-8"), 0
    while True:
        block = hmac.new(key, prefix + struct.pack(">I", counter), hashlib.sha256).digest()
        counter += 1
        for k in range(0, 32, 4):
            yield struct.unpack(">I", block[k:k + 4])[0]


def drawer(seed: str, label: str):
    words = stream(seed, label)

    def draw(n: int) -> int:
        limit = (2**32 // n) * n
        while True:
            u = next(words)
            if u < limit:
                return u % n

    return draw


def dealt(seed: str, label: str, entry_ids: list, seats_per_table: int, first_table: int = 1) -> dict:
    # Code-unit order: ids are ASCII, where it is the code point order Python sorts by.
    order = sorted(entry_ids)
    draw = drawer(seed, label)
    for i in range(len(order) - 1, 0, -1):
        j = draw(i + 1)
        order[i], order[j] = order[j], order[i]
    tables = -(-len(order) // seats_per_table)
    return {e: (first_table + k % tables, k // tables + 1) for k, e in enumerate(order)}


def initial_seats(seed: str, entry_ids: list, seats_per_table: int) -> dict:
    return dealt(seed, f"{ALGORITHM}/initial", entry_ids, seats_per_table)


def round_seats(seed: str, r: dict) -> dict:
    return dealt(seed, f"{ALGORITHM}/round/{r['round']}", r["entryIds"], r["seatsPerTable"], r["firstTableNumber"])


def late_seat(seed: str, sequence: int, entry_id: str, free_seats: list) -> int:
    return free_seats[drawer(seed, f"{ALGORITHM}/late/{sequence}/{entry_id}")(len(free_seats))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--proof", required=True, help="the draw-proof answer as JSON (file path, or - for stdin)")
    ap.add_argument("--tables", help="the tables answer taken right after the draw, to compare seat by seat")
    ap.add_argument("--round", type=int, help="a shootout round (2, 3, ...): --tables was taken right after its draw")
    ap.add_argument("--json", action="store_true", help="print the derived seats as JSON")
    a = ap.parse_args()
    p = json.load(sys.stdin if a.proof == "-" else open(a.proof, encoding="utf-8"))
    if p.get("algorithm") != ALGORITHM:
        print(f"unknown algorithm {p.get('algorithm')!r}", file=sys.stderr)
        return 2
    seed = p.get("seed")
    if not seed:
        print("the seed is not revealed yet: the seats are not drawn", file=sys.stderr)
        return 2
    ok = True
    got = hashlib.sha256(seed.encode("utf-8")).hexdigest()
    same = got == str(p.get("commitment", "")).lower()
    print(f"commitment {got} {'matches' if same else 'DOES NOT match ' + str(p.get('commitment'))}")
    ok = ok and same

    seats = initial_seats(seed, p["entryIds"], p["seatsPerTable"])
    late = []
    for row in sorted(p.get("late", []), key=lambda r: r["sequence"]):
        seat = late_seat(seed, row["sequence"], row["entryId"], row["freeSeats"])
        late.append({"sequence": row["sequence"], "entryId": row["entryId"], "table": row["tableNumber"], "seat": seat})
        if seat != row["seat"] or row["seat"] not in row["freeSeats"]:
            print(f"late seat {row['sequence']} ({row['entryId']}): derived {seat}, published {row['seat']}")
            ok = False
    print(f"{len(seats)} initial seats derived; {len(late)} later seats {'match' if ok else 'checked'}")
    rounds = {r["round"]: round_seats(seed, r) for r in p.get("rounds", [])}
    if rounds:
        print(f"shootout rounds {', '.join(str(r) for r in sorted(rounds))} derived")

    if a.tables:
        t = json.load(open(a.tables, encoding="utf-8"))
        if a.round is not None and a.round not in rounds:
            print(f"round {a.round} is not in the proof", file=sys.stderr)
            return 2
        expected = seats if a.round is None else rounds[a.round]
        active = [x for x in t["tables"] if x.get("status", "active") == "active"]
        shown = {s["entryId"]: (x["number"], s["seat"]) for x in active for s in x["seats"] if s["entryId"]}
        match = shown == expected
        print(f"published tables {'match' if match else 'DO NOT match'} the derived draw")
        ok = ok and match

    if a.json:
        print(json.dumps({
            "initial": [{"entryId": e, "table": ts[0], "seat": ts[1]} for e, ts in sorted(seats.items(), key=lambda kv: kv[1])],
            "late": late,
            "rounds": [{"round": n, "seats": [{"entryId": e, "table": ts[0], "seat": ts[1]} for e, ts in sorted(rs.items(), key=lambda kv: kv[1])]}
                       for n, rs in sorted(rounds.items())],
        }))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
