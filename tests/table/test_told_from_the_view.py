"""The play log, the replay and the review's narration tell a deal from the seat's view alone
(``View.events``): walked over whole deals, every entry they draw is the one the whole record
gave before the story moved into the view, and none of them names a card that was still hidden
from the seat (another hand, the stock, the face-down floor) at that moment."""

import json
import random
from types import SimpleNamespace
from typing import cast

import pytest
from django.utils import translation

from game.bots.sentences import explain
from game.engine import (
    Bid,
    Capture,
    Card,
    CardMove,
    Deal,
    View,
    deal,
    sweep_bonus,
    team_of,
)
from game.match import watcher_view
from game.review import DealReview, Found, Mark, ReviewedPlay, plays_of, view_before
from game.review_web.models import FinishedDeal, StoredReview
from game.review_web.reviews import moment_table, read_review
from game.table.log import LogEntry, in_brief, play_log
from game.table.replay import replay_steps, view_at
from game.table.wording import card_word, describe_play

NAMES = {0: "Ann", 1: "Bot one", 2: "Cat", 3: ""}  # seat 3 unnamed: called as its viewer calls it
UNNAMED = {None: "West", 0: "Left opponent", 1: "Partner", 2: "Right opponent", 3: "You"}
VIEWERS = (0, 1, 2, 3, None)


@pytest.fixture(autouse=True)
def in_english() -> None:
    translation.activate("en")


def whole_deals(count: int) -> list[Deal]:
    """Seeded deals played to the end by random legal plays."""
    rng = random.Random(28)
    records = []
    for seed in range(count):
        record = deal(1000 + seed, seed % 4)
        while not record.position.is_over:
            record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
        records.append(record)
    return records


DEALS = whole_deals(4)


def log_from_the_record(
    record: Deal, viewer: int | None, stand_ins: frozenset[int] = frozenset()
) -> tuple[LogEntry, ...]:
    """The log as it was drawn from the whole record (every position, hands and all), before
    it was told from the seat's view: the pages must draw the same."""
    mine = [i for i, play in enumerate(record.history) if play.seat == viewer]
    side = 0 if viewer is None else team_of(viewer)
    seen_up_to = mine[-1] if mine else -1
    return tuple(
        LogEntry(
            number=0 if isinstance(play.move, Bid) else before.plays + 1,
            who=NAMES.get(play.seat, "") or UNNAMED[viewer],
            text=describe_play(before, play.move),
            is_bid=isinstance(play.move, Bid),
            captured=len(play.taken) if isinstance(play.move, Capture) else 0,
            sweep=sweep_bonus(before, play.move),
            ours=team_of(play.seat) == side,
            mine=play.seat == viewer,
            new=viewer is not None and index > seen_up_to and play.seat != viewer,
            stand_in=index in stand_ins,
            seat=play.seat,
            brief=in_brief(play.move, play.taken if isinstance(play.move, Capture) else ()),
        )
        for index, (before, play) in enumerate(zip(record.positions, record.history, strict=False))
    )


def hidden_from(record: Deal, viewer: int | None) -> set[Card]:
    """The cards ``viewer`` (None: someone watching) cannot see at the record's last moment."""
    position = record.position
    hidden = {card for seat, hand in enumerate(position.hands) if seat != viewer for card in hand}
    hidden |= set(position.stock)
    if position.bid is None:
        hidden |= set(position.loose)  # face down until the bid (R6, R9)
    return hidden


def assert_names_none(texts: list[str], hidden: set[Card]) -> None:
    words = {card_word(card): card for card in hidden}
    for text in texts:
        named = [card for word, card in words.items() if word in text]
        assert not named, (text, named)


def view_of(record: Deal, viewer: int | None) -> View:
    return watcher_view(record) if viewer is None else record.view_for(viewer)


def test_the_play_log_at_every_moment_is_the_seat_s_view_told() -> None:
    for record in DEALS:
        for made in range(len(record.moves) + 1):
            moment = record.upto(made)
            for viewer in VIEWERS:
                view = view_of(moment, viewer)
                told = play_log(view, viewer, NAMES, {1, made - 1})
                assert told == log_from_the_record(moment, viewer, frozenset({1, made - 1}))
                assert play_log(moment, viewer, NAMES, {1, made - 1}) == told
                hidden = hidden_from(moment, viewer)
                assert_names_none([entry.text for entry in told], hidden)
                # Nothing in the seat's story names a card hidden from it then.
                story = json.dumps([event.to_json() for event in view.events])
                assert not {card.text for card in hidden} & set(
                    story.replace('"', " ").replace(",", " ").replace("]", " ").split()
                )


def test_the_replay_steps_through_the_seat_s_story_and_knows_nothing_later() -> None:
    for record in DEALS:
        for viewer in VIEWERS:
            final = view_of(record, viewer)
            steps = replay_steps(record, NAMES, viewer)
            assert steps == replay_steps(final, NAMES, viewer)
            assert [step.play for step in steps[1:]] == list(log_from_the_record(record, viewer))
            assert [step.label for step in steps[:3]] == ["Dealt", "Bid", "Play 1 of 48"]
            for step in range(len(steps)):
                shown = view_at(record, step, viewer)
                assert shown == view_of(record.upto(step), viewer)
                assert shown.play_events == final.play_events[:step]
                assert_names_none(
                    [s.play.text for s in steps[1 : step + 1] if s.play],
                    hidden_from(record.upto(step), viewer),
                )


def made_up_review(record: Deal, seat: int, stand_ins: frozenset[int]) -> DealReview:
    """A review of the seat's card plays, marked without the Expert (its search is not what is
    tested here): the best play is the first legal one the seat had."""
    plays = []
    for index in plays_of(record, seat, stand_ins):
        view = view_before(record, index)
        played, best = record.moves[index], next(iter(view.legal_moves()))
        plays.append(
            ReviewedPlay(
                index=index,
                number=view.plays + 1,
                played=played,
                best=best,
                played_value=0.0 if played == best else -5.0,
                best_value=0.0,
                error=0.0,
                samples=1,
                choices=sum(1 for _ in view.legal_moves()),
                mark=Mark.GOOD if played == best else Mark.MISTAKE,
                theme=None,
                why=explain(Found.BEST_FOUND),
            )
        )
    return DealReview(seat, 0.02, 0, tuple(plays), tuple(sorted(stand_ins)))


def test_the_review_tells_each_play_from_the_seat_s_view() -> None:
    for record in DEALS[:2]:
        for seat in range(4):
            card_plays = plays_of(record, seat)
            stand_ins = frozenset(card_plays[2:4])
            review = made_up_review(record, seat, stand_ins)
            stored = cast(StoredReview, SimpleNamespace(result=review.to_json()))
            read = read_review(FinishedDeal(record, stand_ins), stored)
            for line in read.plays:
                index = line.play.index
                before = record.positions[index]
                assert line.played == describe_play(before, line.play.played)
                assert line.best == describe_play(before, line.play.best)
                table = moment_table(read, line, NAMES, {})
                moment = record.upto(index)
                assert table.log == log_from_the_record(moment, seat, stand_ins)
                hidden = hidden_from(moment, seat)
                assert_names_none([entry.text for entry in table.log], hidden)
                assert_names_none([line.played, line.best], hidden)
                assert table.t.view.hand == record.positions[index].hands[seat]
            assert [(line.number, line.played) for line in read.stood_in] == [
                (
                    record.positions[index].plays + 1,
                    describe_play(record.positions[index], record.moves[index]),
                )
                for index in sorted(stand_ins)
            ]
            assert all(isinstance(record.moves[index], CardMove) for index in stand_ins)
