"""Tables choose their rules (issue 34, RULES.md §9): the practice table and a table with people
are made under each preset through their forms, a deal is played through the views with bots
(htmx posts, as the pages make them), and the score follows the preset: two seats for
two-player Seep, the 10♦ and the most cards under family scoring, at most two houses, sweeps
capped and cancelled. Nothing hidden reaches a page, and the replay, the review and the export
work under every preset."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from game.engine import PLAYS_PER_DEAL, PRESETS, Ruleset, ruleset, score_deal
from game.review import DealReview
from game.review_web import tasks as review_tasks
from game.review_web.models import finished_deal
from game.tables.models import Game, SeatReview
from tests.tables.people import helpers as people
from tests.tables.practice import helpers as practice

pytestmark = pytest.mark.django_db

NAMES = list(PRESETS)


def assert_scored_by(game: Game, rules: Ruleset) -> None:
    """The finished deal was dealt and scored under ``rules``: its sides' points are the
    preset's (100 in all, plus sweeps), the match carries the rules, and two-player Seep has
    two seats."""
    state = practice.state_of(game)
    assert state.rules == rules
    assert state.match.rules == rules
    record = state.current
    assert record.rules == rules
    assert len(record.position.hands) == rules.seats
    score = score_deal(record.position)
    cards = sum(team.card_points for team in score.teams)
    assert cards == rules.total_points == 100
    if rules.most_cards:
        assert {team.most_cards for team in score.teams} <= {0, 2, 4}
        assert sum(team.most_cards or 0 for team in score.teams) == rules.most_cards
        taken = [team.cards for team in score.teams]
        if taken[0] != taken[1]:
            assert score.teams[taken.index(max(taken))].most_cards == rules.most_cards
    else:
        assert all(team.most_cards is None for team in score.teams)
    tens = [team.ten_of_diamonds for team in score.teams]
    assert sorted(tens) == [0, rules.ten_of_diamonds]
    if rules.max_sweeps is not None:
        assert all(team.sweeps <= rules.max_sweeps * rules.sweep for team in score.teams)
    if rules.sweeps_cancel:
        assert 0 in [team.sweeps for team in score.teams]
    if rules.max_houses is not None:
        assert all(len(p.houses) <= rules.max_houses for p in record.positions)
    assert state.match.outcomes[-1].score == score


@pytest.mark.parametrize("name", NAMES)
def test_a_practice_table_plays_a_deal_under_each_preset(name: str) -> None:
    rules = ruleset(name)
    client = Client()
    game = practice.new_game(client, rules=name, opponents="beginner", partner="beginner")
    assert game.rules == name
    assert game.seats.count() == rules.seats
    page = client.get(reverse("tables:table", args=[game.code])).content.decode()
    if rules.is_standard:
        assert "House rules:" not in page
    else:
        assert game.rules_label in page
        assert f'href="{reverse("rules:house_rules")}#{name}"' in page
    practice.play_deal_through_views(client, game)
    assert_scored_by(game, rules)
    sheet = client.get(reverse("tables:table", args=[game.code])).content.decode()
    assert "The deal is over" in sheet
    if rules.seats == 2:
        assert "Your team" not in sheet and "Partner" not in sheet
        assert "Opponent" in sheet
    if rules.most_cards:
        assert "Most cards" in sheet


def test_the_new_game_form_offers_the_presets_standard_first() -> None:
    page = Client().get(reverse("tables:practice")).content.decode()
    select = page[page.index('name="rules"') : page.index("</select>", page.index('name="rules"'))]
    values = [part.split('"')[0] for part in select.split('value="')[1:]]
    assert values == NAMES
    assert 'value="standard" selected' in select


def test_a_two_player_practice_table_is_a_person_and_one_bot() -> None:
    client = Client()
    game = practice.new_game(client, rules="two-player", opponents="casual")
    seats = list(game.seats.all())
    assert [seat.level for seat in seats] == ["", "casual"]
    assert [seat.compass for seat in seats] == ["South", "North"]
    practice.bots_until_human(client, game)
    page = client.get(reverse("tables:table", args=[game.code])).content.decode()
    assert "has-two-seats" in page
    assert "seat-top" in page and "seat-left" not in page and "seat-right" not in page
    assert "Opponent" in page and "Partner" not in page
    practice.assert_nothing_hidden(page, practice.state_of(game).position)


@pytest.mark.parametrize("name", NAMES)
def test_a_table_with_people_plays_a_deal_under_each_preset(name: str) -> None:
    rules = ruleset(name)
    host = Client()
    if rules.seats == 2:
        seats = {"seat_0": "", "seat_1": "", "seat_2": "skilled", "seat_3": ""}
    else:
        seats = {"seat_0": "", "seat_1": "casual", "seat_2": "beginner", "seat_3": "casual"}
    table = people.new_table(host, rules=name, sit_at=1, **seats)
    assert table.rules == name
    assert table.started is not None  # every seat is taken: the host's and the bots'
    assert [seat.level for seat in table.seats.all()][1:] == (
        ["skilled"] if rules.seats == 2 else ["casual", "beginner", "casual"]
    )
    by_seat = {0: host}
    for _ in range(200):
        state = people.state_of(table)
        if state.deal_over:
            break
        seat, response = people.play_one(by_seat, table)
        assert response.status_code == 200
        people.assert_nothing_hidden(response.content.decode(), people.state_of(table).position, 0)
    assert_scored_by(table, rules)
    # The replay, the export and the stored record's review read the deal under its rules.
    replay = host.get(reverse("tables:replay", args=[table.code]), {"step": 10})
    assert replay.status_code == 200
    export = host.get(reverse("tables:export", args=[table.code]))
    assert export.status_code == 200
    document = json.loads(export.content)
    assert document["rules"] == name
    assert len(document["deals"]) == 1
    if rules.is_standard:
        assert "rules" not in document["match"]
    else:
        assert document["match"]["rules"] == name
        assert document["deals"][0]["end"]["rules"] == name
    table.refresh_from_db()
    done = finished_deal(table.deals, table.seed, 1)
    assert done.record.rules == rules
    assert done.record.position == people.state_of(table).position


def test_two_player_seep_is_played_at_south_and_north() -> None:
    host = Client()
    form = {"seat_0": "", "seat_1": "", "seat_2": "", "seat_3": ""}
    refused = host.post(
        reverse("tables:new"),
        {**form, "rules": "two-player", "sit_at": 2, "name": "Asha", "deals_to_play": 1},
    )
    assert refused.status_code == 400
    assert "Two-player Seep is played at South and North." in refused.content.decode()
    table = people.new_table(host, rules="two-player", sit_at=3, **form)
    seats = list(table.seats.all())
    assert [(seat.number, seat.name) for seat in seats] == [(0, ""), (1, "Asha")]
    lobby = Client().get(reverse("tables:table", args=[table.code])).content.decode()
    assert "Two players, facing each other" in lobby
    assert "Take the South seat" in lobby and "East" not in lobby
    guest = Client()
    assert people.join(guest, table, 0, "Ben").status_code == 302
    table.refresh_from_db()
    assert table.started is not None
    by_seat = {0: guest, 1: host}
    for _ in range(6):
        _seat, response = people.play_one(by_seat, table)
        assert response.status_code == 200
    for seat, client in by_seat.items():
        page = client.get(reverse("tables:table", args=[table.code])).content.decode()
        assert "House rules: Two-player Seep" in page
        people.assert_nothing_hidden(page, people.state_of(table).position, seat)
    watcher = Client().get(reverse("tables:table", args=[table.code])).content.decode()
    people.assert_nothing_hidden(watcher, people.state_of(table).position, None)
    assert "North" in watcher and "East–West" not in watcher


def test_a_table_left_without_rules_plays_the_standard_game() -> None:
    """A page from before the choice existed posts no rules: the standard game."""
    client = Client()
    game = practice.new_game(client)
    assert game.rules == "standard"
    assert practice.state_of(game).rules == ruleset("standard")
    assert "rules" not in game.deals[0]


@pytest.fixture
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small Expert budget: the marks as repeatable, only rougher."""
    monkeypatch.setattr(review_tasks, "BUDGET", 0.01)


@pytest.mark.parametrize("name", NAMES)
def test_a_practice_deal_is_replayed_and_reviewed_under_each_preset(
    name: str, quick_reviews: None
) -> None:
    """The replay steps through the deal under its rules, and the Expert's review of the
    person's plays is made, drawn and shown play by play (a two-player deal too)."""
    rules = ruleset(name)
    client = Client()
    game = practice.new_game(client, rules=name, opponents="beginner", partner="beginner")
    practice.play_deal_through_views(client, game)
    game.refresh_from_db()
    position = practice.state_of(game).position
    for step in (0, 1, 2, 25, 49):
        replay = client.get(reverse("tables:replay", args=[game.code]), {"step": step})
        assert replay.status_code == 200
        html = replay.content.decode()
        if rules.seats == 2:
            assert "has-two-seats" in html and "Partner" not in html
    partial = client.get(
        reverse("tables:replay", args=[game.code]), {"step": 30}, headers={"HX-Request": "true"}
    )
    assert partial.status_code == 200
    review = review_stored(client, game, 0)
    assert review.plays, "the person's plays are judged"
    assert len(review.plays) + len(review.stand_ins) == PLAYS_PER_DEAL // rules.seats
    first = review.plays[0]
    address = reverse("tables:review_play", args=[game.code, 1, 1, first.number])
    shown = client.get(address)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert position.rules == rules
    if rules.seats == 2:
        assert "Partner" not in html


def review_stored(client: Client, game: Game, seat: int) -> DealReview:
    """Ask for ``seat``'s review of deal 1 and make it at once, by the task's function."""
    assert client.get(reverse("tables:review", args=[game.code, 1, seat + 1])).status_code == 200
    stored = SeatReview.objects.get(table=game, deal=1, seat=seat)
    SeatReview.objects.filter(pk=stored.pk).update(status=SeatReview.Status.QUEUED)
    review_tasks.review_stored_deal.call("people.SeatReview", stored.pk)
    stored.refresh_from_db()
    assert stored.status == SeatReview.Status.DONE and stored.result is not None
    page = client.get(reverse("tables:review", args=[game.code, 1, seat + 1]))
    assert page.status_code == 200
    return DealReview.from_json(stored.result)
