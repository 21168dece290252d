"""Command-line interface: one JSON document per input line, one per output line (RULES.md §8).

    python -m game moves      each line a position -> the sorted JSON list of its legal moves
    python -m game apply      each line {"position": ..., "move": ...} -> the next position
    python -m game deal --seed N --dealer D      the first position of a deal
    python -m game selfplay --seed N --deals K   random legal deals, one summary per line

``deal`` and ``selfplay`` take ``--rules NAME``, a house-rules preset (RULES.md §9); ``moves`` and
``apply`` read the rules from each position (its ``rules``; none is the standard game).

A line that cannot be read gets ``{"error": ..., "rule": ...}`` and the run goes on. The error
is plain English: a refused move says its ``Reason`` through ``english.py``, whose templates are
also the msgids the site translates, so the English is written once and no Django is needed.
Positions may also be given in the text notation, and moves as text.
"""

from __future__ import annotations

import argparse
import codecs
import gc
import json
import random
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from .deal import deal
from .errors import SeepError
from .moves import Move, json_list_text, move_from_json, move_from_str
from .position import Position
from .rulesets import PRESETS, STANDARD, Ruleset
from .scoring import score_deal


def dumps(document: Any) -> str:
    return json.dumps(document, sort_keys=True, ensure_ascii=False)


def _position(data: Any) -> Position:
    if isinstance(data, str):
        return Position.from_str(data)
    return Position.from_json(data)


def _move(data: Any) -> Move:
    if isinstance(data, str):
        return move_from_str(data)
    return move_from_json(data)


def _error(message: str, rule: str | None = None) -> dict[str, Any]:
    return {"error": message, "rule": rule}


def moves_text(position: Position) -> str:
    """The legal moves as one line of JSON: the list of their canonical JSON, sorted by its text
    with keys sorted (what ``dumps`` writes of that list)."""
    return json_list_text(position.legal_moves())


_read_json = json.JSONDecoder().raw_decode
"""``json.loads`` without its wrapper: the document and where it ends (a line that holds more is
read again by ``json.loads``, for its message)."""


def run_moves(lines: Iterable[str]) -> Iterator[str]:
    """One line of output (JSON text) per position read."""
    for line in lines:
        text = line.strip()
        if not text:
            continue
        try:
            if text[0] == "{":
                data, end = _read_json(text)
                position = Position.from_json(data if end == len(text) else json.loads(text))
            else:  # a position in the text notation, or JSON that is no object
                position = _position(json.loads(text) if text[0] in '["' else text)
            yield moves_text(position)
        except json.JSONDecodeError as error:
            yield dumps(_error(f"not JSON: {error.msg} (column {error.colno})"))
        except SeepError as error:
            yield dumps(_error(error.message, error.rule))


def run_apply(lines: Iterable[str]) -> Iterator[Any]:
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict) or {"position", "move"} - request.keys():
                yield _error('each line must be {"position": ..., "move": ...}')
                continue
            position = _position(request["position"])
            yield position.apply(_move(request["move"])).to_json()
        except json.JSONDecodeError as error:
            yield _error(f"not JSON: {error.msg} (column {error.colno})")
        except SeepError as error:
            yield _error(error.message, error.rule)


def selfplay(seed: int, deals: int, rules: Ruleset = STANDARD) -> Iterator[dict[str, Any]]:
    """Random legal deals; the dealer rotates, and each deal has its own seed."""
    rng = random.Random(seed)
    for number in range(deals):
        record = deal(rng.randrange(2**32), number % rules.seats, rules)
        while not record.position.is_over:
            record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
        final = record.position
        score = score_deal(final)
        yield {
            "deal": number + 1,
            "seed": record.seed,
            "dealer": record.dealer,
            "redeals": len(record.redeals),
            "bid": final.bid,
            "plays": final.plays,
            "moves": [m.to_json() for m in record.moves],
            "scores": [t.total for t in score.teams],
            "card_points": [t.card_points for t in score.teams],
            "sweeps": list(final.sweeps),
            "difference": score.difference,
            **({} if rules.is_standard else {"rules": rules.name}),
        }


def main(
    argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("moves", help="legal moves of each position read from standard input")
    commands.add_parser("apply", help="apply a move to a position, for each input line")
    deal_parser = commands.add_parser("deal", help="the first position of a seeded deal")
    deal_parser.add_argument("--seed", type=int, required=True)
    deal_parser.add_argument("--dealer", type=int, choices=range(4), default=0)
    deal_parser.add_argument("--rules", choices=list(PRESETS), default=STANDARD.name)
    play_parser = commands.add_parser("selfplay", help="random legal deals, one summary a line")
    play_parser.add_argument("--seed", type=int, required=True)
    play_parser.add_argument("--deals", type=int, default=1)
    play_parser.add_argument("--rules", choices=list(PRESETS), default=STANDARD.name)
    args = parser.parse_args(argv)
    source = stdin or sys.stdin
    sink = stdout or sys.stdout
    if args.command in ("moves", "apply"):
        answer = run_moves if args.command == "moves" else _run_apply_text
        with _collected_per_batch():
            for batch in _arrived(source):
                answers = [*answer(batch)]
                if answers:
                    sink.write("\n".join(answers) + "\n")
                    sink.flush()  # before waiting for more input: a program waiting has it
                gc.collect(0)
        return 0
    output: Iterable[str]
    if args.command == "deal":
        rules = PRESETS[args.rules]
        if args.dealer >= rules.seats:
            parser.error(f"--dealer: the {rules.name} game has seats 0–{rules.seats - 1}")
        output = [dumps(deal(args.seed, args.dealer, rules).position.to_json())]
    else:
        output = map(dumps, selfplay(args.seed, args.deals, PRESETS[args.rules]))
    for line in output:
        sink.write(line + "\n")
        sink.flush()
    return 0


@contextmanager
def _collected_per_batch() -> Iterator[None]:
    """The garbage collector run once per batch instead of every few hundred objects made: a
    line's positions and moves hold no cycles, so reference counting frees them, and the
    collector's passes over them cost more than reading the line. What existed before (the
    modules, the deck) is frozen out of its passes. The collector is put back as it was."""
    was_enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def _run_apply_text(lines: Iterable[str]) -> Iterator[str]:
    return map(dumps, run_apply(lines))


def _arrived(source: TextIO) -> Iterator[list[str]]:
    """The input's lines in batches of those that have arrived: the answers to a batch are
    written and flushed together, so piped input costs no write per line, while a program that
    writes a line and waits for its answer gets it. A text stream without bytes beneath it (a
    ``StringIO``) is read line by line."""
    read_arrived = getattr(getattr(source, "buffer", None), "read1", None)
    if read_arrived is None:
        for line in source:
            yield [line]
        return
    decoder = codecs.getincrementaldecoder(source.encoding or "utf-8")(source.errors or "strict")
    rest = ""
    while data := read_arrived(_CHUNK):
        lines = (rest + decoder.decode(data)).split("\n")
        rest = lines.pop()  # a line not yet ended waits for the rest of it
        if lines:
            yield lines
    rest += decoder.decode(b"", final=True)
    if rest:
        yield [rest]


_CHUNK = 1 << 16  # at most this many bytes of input are answered at once
