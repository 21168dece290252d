"""What the review pages' tests share: a game whose first deal is over, played by a careless
human (the Beginner bot's plays, so the review has blunders to mark), and its review made."""

import json
from typing import Any

from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from game.engine import Deal
from game.review import DealReview
from game.review_web.tasks import review_stored_deal
from game.tables.models import Game, SeatReview
from tests.tables.practice.helpers import HUMAN, load_state, new_game

CARELESS = "beginner"


def play_to_the_end(game: Game, stop_before_last: bool = False) -> Deal:
    """Play the game's first deal (the human's seat as the Beginner bot would), store it and give
    back its record; with ``stop_before_last``, stop at the human's last play of the deal."""
    state = load_state(game)
    while not state.deal_over:
        if state.humans_turn:
            if stop_before_last and len(state.current.view_for(HUMAN).hand) == 1:
                break
            state.play_human(state.bot_decision(HUMAN, CARELESS).move, HUMAN)
        else:
            state.play_bot()
    Game.objects.filter(pk=game.pk).update(deals=state.record)
    game.refresh_from_db()
    return state.current


def finished_game(client: Client) -> tuple[Game, Deal]:
    """A one-deal game of ``client``'s, its deal over."""
    game = new_game(client, opponents="casual", partner="casual")
    return game, play_to_the_end(game)


def review_url(game: Game, name: str = "review", *args: Any) -> str:
    return reverse(f"tables:{name}", args=[game.code, 1, HUMAN + 1, *args])


def play_link(game: Game, number: int) -> str:
    """A link to a reviewed play, as the pages make it: to its title, where on a phone its
    verdict and the board are in view together."""
    return review_url(game, "review_play", number) + "#play"


_made: dict[str, dict[str, Any]] = {}  # reviews made by earlier tests, by the game's record


def reviewed(client: Client, game: Game) -> DealReview:
    """Ask for the review of deal 1 and make it at once: by the task's function, without a
    worker (or, for a record an earlier test reviewed, its stored result again)."""
    assert client.get(review_url(game)).status_code == 200
    stored = SeatReview.objects.get(table=game, deal=1)
    record = json.dumps(game.deals, sort_keys=True)
    if record in _made:
        result = _made[record]
        SeatReview.objects.filter(pk=stored.pk).update(
            status=SeatReview.Status.DONE, result=result, done=12
        )
    else:
        # The task takes a queued review only; a test may have marked it running meanwhile.
        SeatReview.objects.filter(pk=stored.pk).update(status=SeatReview.Status.QUEUED)
        review_stored_deal.call("people.SeatReview", stored.pk)
    stored.refresh_from_db()
    assert stored.status == SeatReview.Status.DONE
    assert stored.result is not None
    _made[record] = stored.result
    return DealReview.from_json(stored.result)


def run_worker() -> None:
    """Run every queued task, as ``manage.py db_worker --batch`` does, and stop."""
    call_command("db_worker", batch=True, reload=False, startup_delay=False, verbosity=0)
