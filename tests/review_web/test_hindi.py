"""The review pages of a practice deal in Hindi: the summary, each play said in Hindi (the
engine's phrases worded by the site), and one play on the table with its cards named in Hindi."""

from collections.abc import Iterator

import pytest
from django.test import Client, override_settings
from django.utils import translation

from tests.review_web.helpers import finished_game, review_url, reviewed
from tests.web.markup import elements

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
    # the Expert's own reasons (game.review) are English still: only the plays are checked
    for english in ("Captures the", "Throws the", "Builds a", "Review of deal"):
        assert english not in summary
    assert "फेंका।" in summary or "उठाए" in summary  # the plays, said in Hindi

    number = max(review.plays, key=lambda play: play.loss).number
    play = client.get(review_url(game, "review_play", number)).content.decode()
    assert "48 में से आपकी चाल" in play
    labels = [svg.attrs["aria-label"] for svg in elements(play, "svg") if "aria-label" in svg.attrs]
    assert labels and not [label for label in labels if " of " in label]
    assert any(" का " in label or " की " in label for label in labels)
