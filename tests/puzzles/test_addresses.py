"""A puzzle's address names nothing of it (its theme would give the answer away); the address
made before still opens its puzzle."""

import pytest
from django.test import Client
from django.urls import resolve, reverse

from lessons.puzzles.collection import all_puzzles

pytestmark = pytest.mark.django_db


def test_every_address_is_its_own_and_tells_nothing_of_the_puzzle() -> None:
    addresses = set()
    for puzzle in all_puzzles():
        address = reverse("puzzles:puzzle", args=[puzzle.id])
        code = address.removeprefix("/puzzles/").removesuffix("/")
        assert code.isalnum() and len(code) == 10, address
        assert puzzle.theme not in address and puzzle.id not in address
        assert resolve(address).kwargs == {"puzzle_id": puzzle.id}
        addresses.add(address)
    assert len(addresses) == len(all_puzzles())


def test_the_trainer_links_its_puzzle_by_its_hidden_address(client: Client) -> None:
    page = client.get(reverse("puzzles:trainer")).content.decode()
    assert not any(f"/puzzles/{p.id}/" in page for p in all_puzzles())
    assert any(reverse("puzzles:answer", args=[p.id]) in page for p in all_puzzles())


def test_an_old_address_still_opens_its_puzzle_and_a_made_up_one_is_not_found(
    client: Client,
) -> None:
    assert client.get("/puzzles/classic-queen-sweep/").status_code == 200
    assert client.get("/puzzles/0000000000/").status_code == 404
    assert client.get("/puzzles/no-such-puzzle/").status_code == 404
