"""The JSON-lines command line: sorted moves, apply with rule errors, deal, selfplay, bad input."""

import io
import json
import os
import random
import select
import subprocess
import sys
from typing import Any

from engine_helpers import random_deal

from game.engine import Position, deal
from game.engine import cli_main as main

POSITION = "dealer=3 bid=11 plays=4 hands=5C,9H,JH/-/-/- loose=2C,3D,5S,6S"


def run(*args: str, lines: list[str] | None = None) -> list[Any]:
    out = io.StringIO()
    main(list(args), stdin=io.StringIO("\n".join(lines or []) + "\n"), stdout=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_moves_are_sorted_by_json_text_with_keys_sorted():
    [moves] = run("moves", lines=[POSITION])
    texts = [json.dumps(m, sort_keys=True) for m in moves]
    assert texts == sorted(texts)
    assert {"kind": "capture", "card": "JH", "house": False, "loose": ["5S", "6S"]} in moves


def test_moves_lines_are_json_dumps_of_the_sorted_moves():
    """The command line writes each move's JSON text itself: byte for byte what ``json.dumps``
    (keys sorted) writes of the sorted list of the moves' JSON."""
    rng = random.Random(5)
    record = deal(5, 2)
    lines = []
    while not record.position.is_over:
        lines.append(json.dumps(record.position.to_json()))
        record = record.apply(rng.choice(list(record.legal_moves())))
    out = io.StringIO()
    main(["moves"], stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    written = out.getvalue().splitlines()
    assert len(written) == len(lines) == 48 + 1  # the bid, then 48 plays
    for line, text in zip(lines, written, strict=True):
        position = Position.from_json(json.loads(line))
        expected = sorted((m.to_json() for m in position.legal_moves()), key=_text)
        assert text == json.dumps(expected, sort_keys=True, ensure_ascii=False)


def _text(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True, ensure_ascii=False)


def test_apply_returns_the_next_position_or_the_rule_broken():
    results = run(
        "apply",
        lines=[
            json.dumps({"position": POSITION, "move": "capture JH: 5S 6S"}),
            json.dumps({"position": POSITION, "move": {"kind": "throw", "card": "9H"}}),
        ],
    )
    assert results[0]["captured"][0] == ["5S", "6S", "JH"] and results[0]["plays"] == 5
    assert results[1]["rule"] == "R20" and "can't throw" in results[1]["error"]


def test_apply_scores_by_the_play_number_in_a_short_position():
    # play 9 is no last play: the sweep scores 50; then no move is left, and the A stays loose
    short = "dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=3S,4D,5C"
    leftover = "dealer=3 bid=11 plays=8 hands=QD/-/-/- loose=AS,3S,4D,5C captured=-/2C last=1"
    swept, kept = run(
        "apply",
        lines=[
            json.dumps({"position": short, "move": "capture QD: 3S 4D 5C"}),
            json.dumps({"position": leftover, "move": "capture QD: 3S 4D 5C"}),
        ],
    )
    assert swept["sweeps"] == [50, 0] and swept["plays"] == 9
    assert kept["loose"] == ["AS"] and kept["captured"] == [["3S", "4D", "5C", "QD"], ["2C"]]
    assert run("moves", lines=[json.dumps(swept)]) == [[]]


def test_malformed_lines_get_an_error_and_the_run_goes_on():
    results = run("moves", lines=["{not json", '{"dealer": 9}', "[1, 2]", POSITION])
    assert [("error" in r) if isinstance(r, dict) else False for r in results] == [
        True,
        True,
        True,
        False,
    ]
    results = run("apply", lines=['{"position": 1}', "null", '{"position": "x", "move": 1}'])
    assert all("error" in r for r in results)


def test_deal_prints_a_valid_first_position():
    [position] = run("deal", "--seed", "7", "--dealer", "1")
    assert position["plays"] == 0 and position["bid"] is None
    assert len(position["hands"][2]) == 4 and len(position["loose"]) == 4
    assert len(position["stock"]) == 44


def test_selfplay_prints_one_summary_per_finished_deal():
    summaries = run("selfplay", "--seed", "1", "--deals", "3")
    assert len(summaries) == 3
    for summary in summaries:
        assert summary["plays"] == 48
        assert sum(summary["card_points"]) == 100


def test_python_dash_m_game_runs_as_a_program():
    done = subprocess.run(
        [sys.executable, "-m", "game", "moves"],
        input=POSITION + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout)[0]["kind"] in {"capture", "build"}


def test_a_program_that_waits_for_each_answer_gets_it_before_sending_the_next_line():
    """Answers are flushed before the command waits for more input, not only at the end."""
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}
    command = subprocess.Popen(
        [sys.executable, "-m", "game", "moves"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=buffered,  # output held in its buffer until flushed, as usual
    )
    assert command.stdin is not None and command.stdout is not None
    try:
        for position in (POSITION, "dealer=0 bid=9 plays=2 hands=9C/-/-/- loose=4D,5H"):
            command.stdin.write(position + "\n")
            command.stdin.flush()
            ready, _, _ = select.select([command.stdout], [], [], 30)
            assert ready, "no answer while the command waits for more input"
            answer = json.loads(command.stdout.readline())
            assert answer == [move.to_json() for move in sorted_moves(position)]
    finally:
        command.stdin.close()
        assert command.wait(timeout=30) == 0


def test_piped_lines_split_anywhere_are_each_answered_once():
    """Input read as it arrives: a line cut across two reads, and a last line with no newline."""
    positions = [POSITION, "dealer=0 bid=9 plays=2 hands=9C/-/-/- loose=4D,5H"]
    text = "\n".join(positions * 2000)  # far more than one read, with no final newline
    done = subprocess.run(
        [sys.executable, "-m", "game", "moves"], input=text, capture_output=True, text=True
    )
    answers = done.stdout.splitlines()
    assert len(answers) == 4000
    expected = [json.dumps([m.to_json() for m in sorted_moves(p)]) for p in positions]
    assert [json.loads(a) for a in answers] == [json.loads(e) for e in expected] * 2000


def sorted_moves(text: str) -> list[Any]:
    moves = Position.from_str(text).legal_moves()
    return sorted(moves, key=lambda move: json.dumps(move.to_json(), sort_keys=True))


def test_a_move_s_json_text_is_json_dumps_of_its_json() -> None:
    rng = random.Random(9)
    kinds = set()
    for seed in range(6):
        for position, _ in random_deal(90 + seed, seed % 4, rng):
            for move in position.legal_moves():
                text = json.dumps(move.to_json(), sort_keys=True, ensure_ascii=False)
                assert move.to_json_text() == text
                kinds.add(move.kind)
    assert kinds == {"bid", "throw", "capture", "build", "break"}


def test_moves_names_what_is_wrong_with_a_line_that_is_not_json() -> None:
    """A line read by the decoder itself says what ``json.loads`` says of it."""
    lines = ['{"dealer": 0} xx', '{"dealer":', "[1, 2"]
    expected = []
    for line in lines:
        try:
            json.loads(line)
        except json.JSONDecodeError as error:
            expected.append(f"not JSON: {error.msg} (column {error.colno})")
    assert [answer["error"] for answer in run("moves", lines=lines)] == expected
