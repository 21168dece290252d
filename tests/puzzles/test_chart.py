"""The dashboard's rating graph: drawn on the server from the rated first tries, oldest first."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.models import Learner
from lessons.puzzles.chart import MOST_DOTS, rating_chart
from lessons.puzzles.models import PuzzleAttempt
from tests.puzzles.helpers import answer, first, right
from tests.web.markup import elements

pytestmark = pytest.mark.django_db


def attempts(ratings: list[float]) -> list[PuzzleAttempt]:
    learner = Learner.objects.create()
    made = []
    for n, (before, after) in enumerate(zip([1500.0, *ratings], ratings, strict=False)):
        made.append(
            PuzzleAttempt.objects.create(
                learner=learner,
                puzzle=f"p-{n}",
                theme="sweep",
                solved=after > before,
                rating_before=before,
                rating_after=after,
                puzzle_rating=1500.0,
            )
        )
    return made


def points(chart_points: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (p.split(",") for p in chart_points.split())]


def test_the_line_goes_up_with_the_rating_left_to_right() -> None:
    chart = rating_chart(attempts([1560.0, 1620.0, 1580.0]))
    assert chart is not None
    drawn = points(chart.points)
    assert len(drawn) == 4 and len(chart.dots) == 3  # from before the first try
    xs, ys = [x for x, _ in drawn], [y for _, y in drawn]
    assert xs == sorted(xs) and xs[0] == chart.left and xs[-1] == chart.right
    assert ys[0] > ys[1] > ys[2] < ys[3]  # higher rating, higher on the page
    assert [r for _, r in chart.grid] == [1500, 1600, 1700]
    assert "from 1500 to 1580, lowest 1500, highest 1620" in chart.label


def test_a_long_history_has_a_wider_scale_and_no_dots() -> None:
    ratings = [1500.0 + 10 * n for n in range(1, MOST_DOTS + 2)]  # up to 2110
    chart = rating_chart(attempts(ratings))
    assert chart is not None and chart.dots == ()
    assert [r for _, r in chart.grid] == [1400, 1600, 1800, 2000, 2200]


def test_no_graph_before_a_rated_puzzle(client: Client) -> None:
    assert rating_chart([]) is None
    page = client.get(reverse("puzzles:dashboard")).content
    assert not elements(page, "figure", class_="rating-chart")


def test_the_dashboard_draws_the_graph(client: Client) -> None:
    for theme in ("sweep", "most-points"):
        puzzle = first(theme)
        answer(client, puzzle, {"move": right(puzzle)})
    page = client.get(reverse("puzzles:dashboard")).content
    (svg,) = [s for s in elements(page, "svg") if "figure" in s.ancestors]
    assert svg.attrs["role"] == "img" and "over 2 rated puzzles" in svg.attrs["aria-label"]
    (line,) = elements(page, "polyline", class_="rating-chart-line")
    assert len(line.attrs["points"].split()) == 3
