"""The duplicate tournament: same cards twice with seats swapped, a report, reproducible."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.bots.tournament import Task, main, play_pair, summarize


def test_a_pair_plays_the_same_deal_with_the_teams_swapped() -> None:
    same = play_pair(Task(index=3, seed=2, team_a="casual", team_b="casual", budget=0.0))
    # Identical players on identical cards: swapping seats mirrors the score exactly.
    assert same.differences[0] == -same.differences[1]
    assert play_pair(Task(3, 2, "casual", "casual", 0.0)).differences == same.differences


def test_summary_counts_pairs_wins_and_times() -> None:
    results = [play_pair(Task(i, 1, "skilled", "beginner", 0.0)) for i in range(4)]
    summary = summarize("skilled", "beginner", results)
    assert summary.pairs == 4
    assert summary.low <= summary.mean <= summary.high
    assert 0.0 <= summary.won <= 1.0
    assert set(summary.times) == {"beginner", "skilled"}
    moves, median, p95 = summary.times["skilled"]
    assert moves >= 4 * 48 // 2 and 0 < median <= p95


def test_command_line_prints_and_appends_a_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "bots.md"
    argv = ["--team-a", "casual", "--team-b", "beginner", "--deals", "3", "--seed", "4"]
    assert main([*argv, "--report", str(report)]) == 0
    assert main([*argv, "--report", str(report)]) == 0
    printed = capsys.readouterr()
    assert "## casual vs beginner: 3 duplicate deals" in printed.out
    assert "mean point difference per deal" in printed.out
    assert "3/3 deals" in printed.err  # progress
    text = report.read_text(encoding="utf-8")
    assert text.count("## casual vs beginner") == 2
    first, second = text.split("## casual vs beginner")[1:]
    assert first.split("— ")[0] == second.split("— ")[0]  # same command, same deals
