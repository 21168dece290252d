"""Legal moves come in one order (``game.engine.order``): the same position always lists the same
moves in the same order, and that order is the sort key ``move_order`` defines."""

import random

from game.engine import Deal, Position, deal, forget_floors, in_order, move_order


def positions(seeds: range) -> list[Position]:
    rng = random.Random(seeds.start)
    found = []
    for seed in seeds:
        record: Deal = deal(seed, seed % 4)
        while not record.position.is_over:
            found.append(record.position)
            record = record.apply_unchecked(rng.choice(list(record.legal_moves())))
    return found


def test_the_generator_lists_moves_in_the_order_of_the_key():
    for position in positions(range(60)):
        moves = list(position.legal_moves())
        key = move_order(position.loose)
        assert moves == in_order(moves, position.loose), str(position)
        assert len({key(move) for move in moves}) == len(moves)  # the key orders them all


def test_the_same_position_gives_the_same_list_from_cold_and_from_its_text():
    some = positions(range(100, 106))[::7]
    warm = [list(position.legal_moves()) for position in some]
    forget_floors()
    cold = [list(Position.from_str(str(position)).legal_moves()) for position in some]
    assert warm == cold


def test_a_card_s_plays_come_together_captures_or_throw_then_builds_then_breaks():
    position = Position.from_str(
        "dealer=0 bid=11 plays=8 hands=-/2C,4D,9S,JH/-/9C loose=5C,7S houses=9:4H+5D@3"
    )
    moves = list(position.legal_moves())
    hand = position.hands[position.turn]
    assert [move.card for move in moves] == sorted(  # type: ignore[union-attr]
        [move.card for move in moves],  # type: ignore[union-attr]
        key=hand.index,
    )
    kinds = [move.kind for move in moves if move.card == hand[0]]  # type: ignore[union-attr]
    assert kinds == sorted(kinds, key=["capture", "throw", "build", "break"].index)
    assert len(set(kinds)) > 1
    shuffled = list(position.legal_moves())
    random.Random(1).shuffle(shuffled)
    assert in_order(shuffled, position.loose) == list(position.legal_moves())
