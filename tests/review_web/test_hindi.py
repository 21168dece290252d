"""The review pages of a practice deal in Hindi: the summary, each play and the Expert's reason
for its mark said in Hindi (the engine's phrases and the review's explanations worded by the
site), one play on the table with its cards named in Hindi, and a try again judged in Hindi."""

import re
from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.utils import translation

from game.review import Mark
from game.table.explanations import theme_name, word_explanation
from game.tables.models import SeatReview
from tests.review_web.helpers import finished_game, review_url, reviewed
from tests.web.markup import elements, text_of

pytestmark = pytest.mark.django_db

HINDI_OFFERED = [("en", "English"), ("hi", "हिन्दी")]


@pytest.fixture(autouse=True)
def hindi() -> Iterator[None]:
    """Hindi offered (the site switches it on later) and active while the test reverses URLs."""
    with override_settings(LANGUAGES=HINDI_OFFERED), translation.override("hi"):
        yield


@pytest.fixture
def client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="hi")


def test_the_review_reads_in_hindi_play_by_play(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    summary = client.get(review_url(game)).content.decode()
    assert "दौर 1 की समीक्षा" in summary and "सटीकता" in summary
    for english in ("Captures the", "Throws the", "Builds a", "Review of deal"):
        assert english not in summary
    assert "फेंका।" in summary or "उठाए" in summary  # the plays, said in Hindi
    reasons = [text_of(p) for p in elements(summary, "p", class_="review-reason")]
    assert reasons == [word_explanation(play.why) for play in review.plays]
    assert not english_in(reasons)
    for theme in review.lost_by_theme:
        assert theme_name(theme) in summary and theme.label not in summary

    number = max(review.plays, key=lambda play: play.loss).number
    play = client.get(review_url(game, "review_play", number)).content.decode()
    assert "48 में से आपकी चाल" in play
    labels = [svg.attrs["aria-label"] for svg in elements(play, "svg") if "aria-label" in svg.attrs]
    assert labels and not [label for label in labels if " of " in label]
    assert any(" का " in label or " की " in label for label in labels)
    (reason,) = elements(play, "p", class_="review-reason")
    assert not english_in([text_of(reason)])


def english_in(texts: list[str]) -> list[str]:
    """The texts with a word in Latin letters (card notation such as "QD" would be two)."""
    return [text for text in texts if re.search(r"[A-Za-z]{2,}", text)]


def test_a_try_again_is_judged_in_hindi(client: Client) -> None:
    game, _ = finished_game(client)
    review = reviewed(client, game)
    blunder = review.marked(Mark.BLUNDER)[0]
    stored = str(SeatReview.objects.get(table=game).pk)
    answer = review_url(game, "review_try_answer", blunder.number)
    data = {"review": stored, "move": str(blunder.played)}
    html = client.post(answer, data, headers={"HX-Request": "true"}).content.decode()
    (box,) = elements(html, "div", id="table-feedback")
    words = text_of(box)
    assert f"{word_explanation(blunder.why)}।" in words and "लगभग" in words
    assert not english_in([words])
