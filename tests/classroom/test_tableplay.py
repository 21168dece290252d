"""Table play for a class: grouping the students at tables, the teacher's start page and board
(owner only), a student carried onto their seat by their class page's poll, and no hand on the
board."""

import random
import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from game.tables import seeds, service
from game.tables.models import Game
from lessons.classroom import tableplay
from lessons.classroom.models import Classroom, RoundSeat, Student, TablePlay
from tests.classroom.test_confirm import confirm_form
from tests.tables.people.helpers import assert_nothing_hidden
from tests.web.markup import elements, text_of

HX = {"HX-Request": "true"}
NAMES = ["Asha", "Ben", "Chitra", "Dev", "Esha"]


@pytest.fixture(autouse=True)
def _seed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 2)


@pytest.fixture
def students(classroom: Classroom, join: Callable[[Classroom, str], Client]) -> dict[str, Client]:
    """Five students who joined by the class code, each in their own browser."""
    return {name: join(classroom, name) for name in NAMES}


def student(classroom: Classroom, name: str) -> Student:
    return classroom.students.get(nickname=name)


def start_url(classroom: Classroom) -> str:
    return reverse("classroom:tableplay_start", args=[classroom.pk])


def board_url(made: TablePlay, name: str = "tableplay_board") -> str:
    return reverse(f"classroom:{name}", args=[made.classroom_id, made.pk])


def start_form(classroom: Classroom, names: list[str], **extra: object) -> dict[str, object]:
    return {
        "players": [student(classroom, name).pk for name in names],
        "deals_to_play": 1,
        "bot_level": "casual",
        "turn_seconds": 30,
        **extra,
    }


# ---- grouping ------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(1, 10))
def test_grouping_seats_everyone_once_at_as_few_tables_as_hold_them(count: int) -> None:
    players = list(range(100, 100 + count))
    seatings = tableplay.group(players, [], random.Random(count))
    assert len(seatings) == -(-count // 4)
    seated = [player for seating in seatings for player in seating.values()]
    assert sorted(seated) == players
    sizes = [len(seating) for seating in seatings]
    assert max(sizes) - min(sizes) <= 1  # spread evenly: nobody alone with three bots needlessly
    for seating in seatings:
        assert set(seating) <= {0, 1, 2, 3}


@pytest.mark.parametrize("count", range(2, 10))
def test_chosen_partners_sit_opposite_at_one_table(count: int) -> None:
    players = list(range(count))
    pairs = [(0, 1)] + ([(2, 3)] if count >= 4 else []) + ([(4, 5)] if count >= 6 else [])
    for seed in range(20):
        seatings = tableplay.group(players, pairs, random.Random(seed))
        for a, b in pairs:
            (seating,) = [s for s in seatings if a in s.values()]
            seat_of = {player: seat for seat, player in seating.items()}
            assert b in seat_of, (seed, seatings)
            assert seat_of[a] % 2 == seat_of[b] % 2  # the same team: seats 1 and 3, or 2 and 4
        assert sorted(p for s in seatings for p in s.values()) == players


def test_partners_chosen_one_way_or_both_are_one_pair() -> None:
    assert tableplay.read_partners({1: 2, 2: 1, 3: None}, [1, 2, 3]) == [(1, 2)]
    assert tableplay.read_partners({1: 2, 2: None, 3: None}, [1, 2, 3]) == [(1, 2)]
    with pytest.raises(tableplay.TablePlayError):
        tableplay.read_partners({1: 2, 3: 2}, [1, 2, 3])  # 2 chosen by two
    with pytest.raises(tableplay.TablePlayError):
        tableplay.read_partners({1: 9}, [1, 2])  # 9 does not play


# ---- who may see the pages -----------------------------------------------------------------


def test_only_the_owner_sees_the_start_page_and_board(
    classroom: Classroom,
    teacher_client: Client,
    other_teacher: User,
    students: dict[str, Client],
) -> None:
    assert teacher_client.get(start_url(classroom)).status_code == 200
    response = teacher_client.post(start_url(classroom), start_form(classroom, NAMES[:2]))
    made = TablePlay.objects.get()
    assert response.status_code == 302 and response["Location"] == board_url(made)
    other = Client()
    other.force_login(other_teacher)
    co = Client()
    co_teacher = get_user_model().objects.create_user("sunil", password="x-pass-99")
    classroom.co_teachers.add(co_teacher)
    co.force_login(co_teacher)
    pupil = Client()
    pupil_user = get_user_model().objects.create_user("pupil", password="x-pass-98")
    Student.objects.create(classroom=classroom, nickname="Pupil", user=pupil_user)
    pupil.force_login(pupil_user)
    pages = [
        start_url(classroom),
        board_url(made),
        board_url(made, "tableplay_poll"),
    ]
    for client in (other, co, pupil):
        for page in pages:
            assert client.get(page).status_code == 404, page
        assert client.post(board_url(made, "tableplay_end")).status_code == 404
        assert client.post(start_url(classroom), start_form(classroom, NAMES)).status_code == 404
    for page in pages:  # a student's browser, signed out: sent to sign in, shown nothing
        response = students["Asha"].get(page)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    made.refresh_from_db()
    assert made.status == TablePlay.Status.PLAYING and TablePlay.objects.count() == 1


def test_the_class_page_links_table_play_for_its_owner(
    classroom: Classroom, teacher_client: Client
) -> None:
    page = teacher_client.get(reverse("classroom:class", args=[classroom.pk])).content.decode()
    assert start_url(classroom) in page


def test_students_present_are_ticked(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    Student.objects.filter(nickname__in=["Ben", "Chitra"]).update(
        created=timezone.now() - timedelta(hours=2)
    )
    poll = reverse("classroom:my_table_now", args=[classroom.pk])
    assert students["Ben"].get(poll, headers=HX).status_code == 204  # Ben's class page is open
    form = teacher_client.get(start_url(classroom)).context["form"]
    ticked = {str(tick.data["value"]) for tick in form["players"] if tick.data["selected"]}
    present = {str(student(classroom, name).pk) for name in ("Asha", "Ben", "Dev", "Esha")}
    assert ticked == present  # Chitra joined long ago and has no page open


# ---- starting a round ----------------------------------------------------------------------


def test_a_round_seats_the_students_with_bots_in_the_gaps(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    asha, ben = student(classroom, "Asha"), student(classroom, "Ben")
    form = start_form(classroom, NAMES, bot_level="skilled", **{f"partner_{asha.pk}": ben.pk})
    assert teacher_client.post(start_url(classroom), form).status_code == 302
    made = TablePlay.objects.get()
    assert made.turn_seconds == 30 and made.deals_to_play == 1
    at_tables = list(made.tables.select_related("table"))
    assert len(at_tables) == 2
    for at in at_tables:
        people = at.table
        assert people.started is not None and people.turn_seconds == 30  # dealt at once
        seats = list(people.seats.all())
        assert not any(seat.is_free for seat in seats)
        held = {p.seat: p.student.nickname for p in at.players.select_related("student")}
        for seat in seats:
            if seat.number in held:
                assert seat.name == held[seat.number] and seat.holder_key.startswith("class-")
            else:
                assert seat.level == "skilled"
    places = {p.student.nickname: p for p in RoundSeat.objects.select_related("student")}
    assert set(places) == set(NAMES)
    assert places["Asha"].round_table_id == places["Ben"].round_table_id
    assert places["Asha"].seat % 2 == places["Ben"].seat % 2


@pytest.mark.parametrize(
    "change",
    [
        {"players": []},
        {"turn_seconds": "²"},
        {"deals_to_play": 3},
        {"bot_level": "grandmaster"},
        {"players": ["x"]},
    ],
)
def test_bad_start_forms_are_refused_and_change_nothing(
    classroom: Classroom,
    teacher_client: Client,
    students: dict[str, Client],
    change: dict[str, object],
) -> None:
    response = teacher_client.post(start_url(classroom), start_form(classroom, NAMES, **change))
    assert response.status_code == 400
    assert not TablePlay.objects.exists() and not Game.objects.exists()


def test_a_partner_chosen_twice_is_refused(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    asha, ben, dev = (student(classroom, n) for n in ("Asha", "Ben", "Dev"))
    form = start_form(
        classroom, NAMES, **{f"partner_{asha.pk}": ben.pk, f"partner_{dev.pk}": ben.pk}
    )
    response = teacher_client.post(start_url(classroom), form)
    assert response.status_code == 400
    assert "only one partner" in response.content.decode()
    assert not TablePlay.objects.exists()


def test_one_round_at_a_time(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    assert (
        teacher_client.post(start_url(classroom), start_form(classroom, NAMES)).status_code == 302
    )
    response = teacher_client.post(start_url(classroom), start_form(classroom, NAMES))
    assert response.status_code == 400
    assert "end it first" in response.content.decode()
    assert TablePlay.objects.count() == 1 and Game.objects.count() == 2


# ---- a student carried onto their seat -----------------------------------------------------


def test_a_waiting_student_is_carried_onto_their_own_seat(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    asha = students["Asha"]
    poll = reverse("classroom:my_table_now", args=[classroom.pk])
    page = asha.get(reverse("classroom:my_class", args=[classroom.pk])).content.decode()
    assert poll in page
    assert asha.get(poll, {"shown": ""}, headers=HX).status_code == 204  # nothing on yet
    teacher_client.post(start_url(classroom), start_form(classroom, ["Asha", "Ben"]))
    response = asha.get(poll, {"shown": ""}, headers=HX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == reverse("classroom:my_table", args=[classroom.pk])
    into = asha.get(response["HX-Redirect"])
    place = RoundSeat.objects.select_related("round_table__table").get(student__nickname="Asha")
    table = place.round_table.table
    assert into.status_code == 302 and into["Location"] == reverse(
        "tables:table", args=[table.code]
    )
    seat_page = asha.get(into["Location"])
    assert seat_page.context["viewer"].number == place.seat  # their seat's view, their hand
    position = service.load_state(table, list(table.seats.all())).position
    assert_nothing_hidden(seat_page.content.decode(), position, place.seat)
    # Back on the class page: a link to the table, no second carrying off.
    again = asha.get(poll, {"shown": ""}, headers=HX)
    assert again.status_code == 200 and "HX-Redirect" not in again
    assert reverse("tables:table", args=[table.code]) in again.content.decode()
    assert asha.get(poll, {"shown": table.code}, headers=HX).status_code == 204
    # Chitra plays in no round: never carried anywhere.
    assert students["Chitra"].get(poll, {"shown": ""}, headers=HX).status_code == 204
    # A stranger's browser: nothing.
    assert Client().get(poll, headers=HX).status_code == 204


def test_a_pupil_account_finds_its_seat_on_another_device(
    classroom: Classroom, teacher_client: Client
) -> None:
    pupil_user = get_user_model().objects.create_user("pupil", password="x-pass-98")
    Student.objects.create(classroom=classroom, nickname="Pupil", user=pupil_user)
    teacher_client.post(start_url(classroom), start_form(classroom, ["Pupil"]))
    table = Game.objects.get()
    device = Client()
    device.force_login(pupil_user)
    page = device.get(reverse("tables:table", args=[table.code]))
    place = RoundSeat.objects.get()
    assert page.context["viewer"].number == place.seat


def test_my_table_without_a_round_says_so(
    classroom: Classroom, students: dict[str, Client]
) -> None:
    response = students["Asha"].get(reverse("classroom:my_table", args=[classroom.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("classroom:my_class", args=[classroom.pk])


# ---- the teacher's board -------------------------------------------------------------------


def _started(classroom: Classroom, teacher_client: Client, names: list[str]) -> TablePlay:
    assert (
        teacher_client.post(start_url(classroom), start_form(classroom, names)).status_code == 302
    )
    return TablePlay.objects.get()


def test_the_board_shows_every_table_and_no_hand(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    made = _started(classroom, teacher_client, NAMES)
    response = teacher_client.get(board_url(made))
    html = response.content.decode()
    for at in made.tables.select_related("table"):
        assert reverse("tables:table", args=[at.table.code]) in html  # watch it
        position = service.load_state(at.table, list(at.table.seats.all())).position
        assert_nothing_hidden(html, position, None)
    for name in NAMES:
        assert name in html
    assert "0 of 48 plays made" in html
    assert "To play:" in html
    # Teams and seats by the compass (R4), the same names the tables give them.
    assert html.count("North–South: ") == html.count("East–West: ") == made.tables.count()
    assert re.search(r"To play: <strong>[^<]+ \((South|East|North|West)\)</strong>", html)


def test_the_board_poll_is_204_until_a_play_is_made(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    made = _started(classroom, teacher_client, ["Asha"])
    mark = teacher_client.get(board_url(made)).context["mark"]
    poll = board_url(made, "tableplay_poll")
    assert teacher_client.get(poll, {"seen": mark}, headers=HX).status_code == 204
    table = Game.objects.get()
    state = service.load_state(table, list(table.seats.all()))
    while state.position.plays < 1:  # the bid (R7), if any, then the first play
        seat = state.to_play
        assert seat is not None
        if seat in state.levels:
            state.play_bot()
        else:
            state.play_for(seat, "casual")
    assert service._swap(table, state, table.version)
    response = teacher_client.get(poll, {"seen": mark}, headers=HX)
    assert response.status_code == 200
    assert "1 of 48 plays made" in response.content.decode()
    assert 'id="tableplay-board"' in response.content.decode()
    assert "<html" not in response.content.decode()  # the part only


def test_a_table_nobody_moves_is_moved_by_the_board(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    made = _started(classroom, teacher_client, ["Asha"])
    table = Game.objects.get()
    # Asha never came: her turn timer ran out long ago, nobody's page is open at the table.
    long_ago = timezone.now() - timedelta(minutes=5)
    Game.objects.filter(pk=table.pk).update(updated=long_ago, turn_began=long_ago)
    assert tableplay.nudge(made) == 1
    table.refresh_from_db()
    assert len(table.deals[0]["moves"]) == 1
    assert tableplay.nudge(made) == 0  # just moved: its pause first


def test_ending_the_round_asks_first_then_shows_the_results(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    """The board links to a page that says what ending does (a plain form and a link back, no
    JavaScript needed); a GET or a POST that was not that page's only asks."""
    made = _started(classroom, teacher_client, ["Asha", "Ben"])
    url = board_url(made, "tableplay_end")
    board = teacher_client.get(board_url(made)).content
    assert {a.attrs.get("href"): text_of(a) for a in elements(board, "a")}[url] == "End the round…"
    assert not [f for f in elements(board, "form") if f.attrs.get("action") == url]
    page = teacher_client.get(url)
    assert text_of(elements(page.content, "h1")[0]) == "End the round now?"
    listed = [text_of(li) for li in elements(page.content, "li") if "main" in li.ancestors]
    assert listed[0] == "1 table is still playing: its deal in play is not reviewed"
    (back,) = [a for a in elements(page.content, "a") if text_of(a) == "Let them play on"]
    assert back.attrs["href"] == board_url(made)
    for data in ({}, {"confirm": "no"}):
        assert teacher_client.post(url, data).status_code == 200
    made.refresh_from_db()
    assert made.status == TablePlay.Status.PLAYING

    response = teacher_client.post(url, confirm_form(page.content, url))
    assert response.status_code == 302 and response["Location"] == board_url(made)
    made.refresh_from_db()
    assert made.status == TablePlay.Status.FINISHED
    html = teacher_client.get(board_url(made)).content.decode()
    assert "Results" in html and "End the round" not in html
    again = teacher_client.get(url, follow=True)
    assert again.redirect_chain == [(board_url(made), 302)]
    assert "This round had already ended." in again.content.decode()
    # Nobody is carried onto a seat of a round that has ended.
    poll = reverse("classroom:my_table_now", args=[classroom.pk])
    assert students["Asha"].get(poll, headers=HX).status_code == 204


def test_a_round_ends_when_every_table_has_finished(
    classroom: Classroom, teacher_client: Client, students: dict[str, Client]
) -> None:
    made = _started(classroom, teacher_client, ["Asha"])
    table = Game.objects.get()
    state = service.load_state(table, list(table.seats.all()))
    while not state.deal_over:
        seat = state.to_play
        assert seat is not None
        if seat in state.levels:
            state.play_bot()
        else:
            state.play_for(seat, "casual")
    assert service._swap(table, state, table.version)
    html = teacher_client.get(board_url(made)).content.decode()
    made.refresh_from_db()
    assert made.status == TablePlay.Status.FINISHED
    assert reverse("tables:replay", args=[table.code]) in html
    replay = teacher_client.get(reverse("tables:replay", args=[table.code]))
    assert replay.status_code == 200  # the teacher watches the replay as a watcher
