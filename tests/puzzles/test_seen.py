"""Cards seen (issue 22): a puzzle judged by the cards still out shows every card played so far,
rank by rank, and says what "still out" means; no other puzzle's judge counts them."""

from collections import Counter
from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from game.engine import DECK, Card
from game.table.seen import COUNT_WORDS, RankSeen
from lessons import exercises
from lessons.puzzles.collection import Puzzle, all_puzzles
from lessons.puzzles.seen import reads_unseen
from lessons.puzzles.themes import THEMES
from tests.web.markup import elements, text_of

UNSEEN = [p for p in all_puzzles() if reads_unseen(p)]


def cards(*texts: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(text) for text in texts)


def test_the_puzzles_that_count_unseen_cards_are_exactly_those_flagged() -> None:
    """Every judge is run with the count of unseen cards watched: it is asked for by the
    puzzles flagged (safe, sure-house) and by no other."""
    assert {p.theme for p in UNSEEN} >= {"safe", "sure-house"}
    for puzzle in [*all_puzzles()[::3], *UNSEEN]:
        with mock.patch.object(exercises, "unseen_cards", wraps=exercises.unseen_cards) as counted:
            puzzle.question.answer_moves()
        assert counted.called == reads_unseen(puzzle), puzzle.id


@pytest.mark.django_db
@pytest.mark.parametrize("puzzle", UNSEEN, ids=lambda p: p.id)
def test_the_page_shows_every_card_played_and_how_many_are_still_out(
    client: Client, puzzle: Puzzle
) -> None:
    position = puzzle.position
    page = client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content
    (section,) = elements(page, "section", class_="cards-seen")
    assert "not in your hand, not on the floor, not captured yet" in text_of(section)
    played = {*position.loose, *position.captured[0], *position.captured[1]}
    played |= {card for house in position.houses for card in house.cards}
    out = Counter(card.rank for card in exercises.unseen_cards(position, position.turn))
    rows = {
        int(li.attrs["data-rank"]): li for li in elements(page, "li") if "data-rank" in li.attrs
    }
    assert sorted(rows) == list(range(1, 14))
    for rank, row in rows.items():
        line = text_of(row)
        mine = " ".join(c.short for c in DECK if c.rank == rank and c in played)
        if mine:
            assert f": {mine} — " in line, (rank, line)
        else:
            assert "none played" in line or "all four in your hand" in line, (rank, line)
        if out[rank]:
            assert f"{COUNT_WORDS[out[rank]]} still out" in line, (rank, line)
        else:
            assert "have been played" in line or "in your hand" in line, (rank, line)


@pytest.mark.django_db
def test_other_puzzles_show_no_count(client: Client) -> None:
    for puzzle in [p for p in all_puzzles() if not reads_unseen(p)][::20]:
        page = client.get(reverse("puzzles:puzzle", args=[puzzle.id])).content
        assert not elements(page, "section", class_="cards-seen"), puzzle.id


def test_a_rank_is_said_as_a_player_counts_it() -> None:
    held = RankSeen(5, cards("5S", "5H", "5D"), cards("5C"))
    assert held.summary == "the other three 5s have been played" and held.out == 0
    assert (
        RankSeen(13, cards("KS", "KH", "KD", "KC"), ()).summary == "all four kings have been played"
    )
    assert RankSeen(1, (), cards("AS")).summary == "none played, one in your hand: three still out"
    assert RankSeen(9, cards("9S", "9D"), ()).summary == "two played: two still out"
    assert RankSeen(4, (), cards("4S", "4H", "4D", "4C")).summary == "all four in your hand"


def test_the_themes_say_what_still_out_means() -> None:
    for slug in ("safe", "sure-house"):
        assert "A card still out is one you have not seen" in str(THEMES[slug].blurb)
