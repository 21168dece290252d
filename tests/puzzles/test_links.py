"""A teacher's puzzle is shared by a random link, not by its row number: counting
/puzzles/custom/1/, /2/… finds nothing; the author's old address leads on to the link."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.state import StateApps
from django.test import Client
from django.urls import reverse

from lessons.models import AnswerRecord
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.solver import solve
from tests.puzzles.helpers import get
from tests.web.markup import elements

HTMX = {"HX-Request": "true"}
BEFORE = [("puzzles", "0002_learn_mode")]
AFTER = [("puzzles", "0003_custom_puzzle_links")]


SWEEP = get("sweep-1003-33")  # the other seats hold cards: it may be played on


def make(owner_name: str, title: str = "Sweep it") -> CustomPuzzle:
    owner = get_user_model().objects.create_user(owner_name)
    return CustomPuzzle.objects.create(
        owner=owner,
        title=title,
        prompt="Sweep the floor.",
        theme="sweep",
        position=str(SWEEP.position),
        goals=["sweep"],
    )


@pytest.mark.django_db
def test_counting_row_numbers_finds_no_shared_puzzle(client: Client) -> None:
    shared = [make(f"teacher{n}", f"Puzzle {n}") for n in range(3)]
    for custom in shared:
        assert client.get(f"/puzzles/custom/{custom.pk}/").status_code == 404
        assert client.post(f"/puzzles/custom/{custom.pk}/answer", {}).status_code == 404
        page = client.get(reverse("puzzles:custom", args=[custom.link]))
        assert page.status_code == 200 and custom.title in page.content.decode()
    links = {custom.link for custom in shared}
    assert len(links) == 3 and all(len(link) >= 22 for link in links)


@pytest.mark.django_db
def test_the_author_is_sent_from_the_old_address_to_the_link(client: Client) -> None:
    custom = make("asha")
    client.force_login(get_user_model().objects.create_user("ravi"))
    assert client.get(f"/puzzles/custom/{custom.pk}/").status_code == 404
    client.force_login(custom.owner)
    response = client.get(f"/puzzles/custom/{custom.pk}/")
    assert response.status_code == 302
    assert response["Location"] == reverse("puzzles:custom", args=[custom.link])


@pytest.mark.django_db
def test_the_puzzle_page_names_it_only_by_its_link(client: Client) -> None:
    """Its share link, the answer's form, playing on and the redrawn body after an htmx answer."""
    custom = make("asha")
    url = reverse("puzzles:custom", args=[custom.link])
    html = client.get(f"{url}?mode=learn").content.decode()  # learning offers to play on
    assert f"/custom/{custom.pk}/" not in html
    forms = {f.attrs.get("action") for f in elements(html, "form")}
    assert reverse("puzzles:custom_answer", args=[custom.link]) in forms
    assert reverse("puzzles:custom_play_on", args=[custom.link]) in forms
    assert f"http://testserver{url}" in html
    answer = reverse("puzzles:custom_answer", args=[custom.link])
    right = {"move": str(solve(SWEEP).answers[0]), "mode": "single"}
    body = client.post(answer, right, headers=HTMX)
    assert body.status_code == 200 and f"/custom/{custom.pk}/" not in body.content.decode()
    assert AnswerRecord.objects.get().exercise == f"puzzle:custom-{custom.pk}"  # keys keep rows


def migrate(targets: list[tuple[str, str]]) -> StateApps:
    MigrationExecutor(connection).migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_existing_puzzle_its_own_link() -> None:
    apps = migrate(BEFORE)
    owner = apps.get_model("auth", "User").objects.create(username="asha")
    made = apps.get_model("puzzles", "CustomPuzzle").objects
    fields = {"title": "Old", "prompt": "Sweep.", "theme": "sweep", "position": "-", "goals": []}
    old = [made.create(owner_id=owner.pk, **fields).pk for _ in range(3)]

    apps = migrate(AFTER)
    links = dict(apps.get_model("puzzles", "CustomPuzzle").objects.values_list("pk", "link"))
    assert sorted(links) == sorted(old)
    assert len(set(links.values())) == 3 and all(len(link) >= 22 for link in links.values())
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
