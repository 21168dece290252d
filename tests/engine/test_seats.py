"""Seats (R4): teams, partners, the seat after, and what one seat calls another."""

from game.engine import (
    Relation,
    partner_of,
    relation,
    same_team,
    seat_after,
    seat_at,
    seat_before,
    team_of,
)


def test_r4_teams_partners_and_play_order():
    assert [team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]
    assert [seat_after(seat) for seat in range(4)] == [1, 2, 3, 0]
    assert [seat_before(seat) for seat in range(4)] == [3, 0, 1, 2]
    assert all(same_team(seat, partner_of(seat)) for seat in range(4))
    assert not any(same_team(seat, seat_after(seat)) for seat in range(4))


def test_each_seat_names_the_others_from_where_it_sits():
    # The next player sits on your right (R4): the right opponent plays after you.
    assert [relation(0, seat) for seat in range(4)] == [
        Relation.YOU,
        Relation.RIGHT_OPPONENT,
        Relation.PARTNER,
        Relation.LEFT_OPPONENT,
    ]
    for viewer in range(4):
        assert relation(viewer, viewer) is Relation.YOU
        assert relation(viewer, partner_of(viewer)) is Relation.PARTNER
        assert relation(viewer, seat_after(viewer)) is Relation.RIGHT_OPPONENT
        assert relation(viewer, seat_before(viewer)) is Relation.LEFT_OPPONENT
        for where in Relation:
            assert relation(viewer, seat_at(viewer, where)) is where
            assert where.is_opponent == (team_of(seat_at(viewer, where)) != team_of(viewer))
