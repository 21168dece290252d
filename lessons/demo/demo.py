"""The demo (``manage.py demo``): a teacher's class with a finished live session, a draft and
homework half done, and a player with lesson stars, a puzzle rating, practice games and tables
with people (a finished match to replay, and one in play with a seat its player left).

Everything is made the way real use makes it, through the app's own code: accounts by the sign-up
form, logins by ``rosters.create_logins``, a student joining with the class code by
``joining.join``; every answer is read and judged by the question the page asks
(``lessons.questions``: each kind's ``sample_forms`` gives right answers and usual mistakes) and
stored by the same service (``live.submit``, ``progress.record_step``, ``trainer.record``); practice
plays go through ``MatchState``, a people table's through its service (``game.tables.service``).
Who answers what, and how fast, comes from a seeded ``random.Random``, so every run makes the
same demo; only what the services draw themselves (class, join and table codes, printed logins'
nicknames and passwords) differs.

Each part (the class, the player) is made whole in one transaction, or left alone if it is there,
so a second run changes nothing. Demo accounts carry an e-mail address at ``demo.invalid``: an
account with a demo name and any other address was not made by the demo and is never touched.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.db import transaction
from django.http import HttpRequest, QueryDict
from django.test.utils import override_settings
from django.utils import timezone

from game.tables import service
from game.tables.models import BotSpeed, Game, Level
from lessons.accounts import SignupForm
from lessons.classroom import homework, joining, live, questions, rosters, tableplay
from lessons.classroom.forms import HomeworkForm, PuzzleHomeworkForm
from lessons.classroom.models import Classroom, LiveSession, Student
from lessons.classroom.questions import Asked
from lessons.course import progress
from lessons.course.content import Lesson, lesson_by_slug
from lessons.models import Learner
from lessons.puzzles import trainer
from lessons.puzzles.collection import Puzzle, puzzle_by_id
from lessons.questions import Form, Outcome, Question

PASSWORD = "seep-demo"  # every demo account's; development only (the command refuses production)
MARK = "@demo.invalid"  # the e-mail domain of the demo's own accounts (RFC 2606: never delivered)
TEACHER, STUDENT, PLAYER = "teacher", "student", "player"
SEED = "seep-school-demo"

CLASS_NAME = "Class 7B"
# Printed logins (``create_logins``); one more student signs up and joins with the class code.
STUDENT_NAMES = (
    "Aarav Sharma", "Ananya Iyer", "Kabir Mehta", "Diya Nair", "Ishaan Gupta", "Meera Pillai",
    "Rohan Das", "Saanvi Reddy", "Vivaan Joshi", "Zara Khan", "Arjun Singh",
)  # fmt: skip
STUDENT_NICKNAME = "Sitara"
TABLE_PLAYERS = 6  # a round of table play: two tables of three students and a bot

# The finished session: each question's time limit, and the share of the class that gets it right.
LIVE_TITLE = "Capturing and throwing"
LIVE_QUESTIONS = (
    ("lesson:taking-everything:8", 30, 0.75),  # the capture that takes the most points
    ("lesson:taking-everything:4", 30, 0.5),  # may the 5♥ take only the 5♣? (R18)
    ("lesson:throwing:6", 20, 0.67),  # which card may you throw? (R20)
    ("lesson:throwing:5", 20, 0.58),  # can you throw the 6♣ here? (R20)
    ("puzzle:classic-queen-sweep", 45, 0.83),
)
DRAFT_TITLE = "Houses"
DRAFT_QUESTIONS = (
    "lesson:houses:3",
    "lesson:houses:5",
    "lesson:building:4",
    "puzzle:build-1001-5",
)

# Homework, per student in roster order (the printed logins, then the student who joined):
# how many of the lesson's steps they did ("done": all), and how many of the puzzles they solved.
HOMEWORK_LESSON = "throwing"
LESSON_WORK: tuple[int | str, ...] = ("done",) * 5 + (5, 4, 3, 2) + (0, 0, 0)
HOMEWORK_THEME, HOMEWORK_PUZZLES = "sweep", 4
PUZZLE_WORK = (4, 4, 3, 4, 2, 1, 0, 4, 1, 0, 0, 0)

# The player: lessons done (with this many mistakes) and one half done; rated puzzles; games.
PLAYER_LESSONS = (("cards", 0), ("table", 1), ("capturing", 3))
PLAYER_HALF_DONE = ("taking-everything", 4)  # steps done
PLAYER_PUZZLES = 10
PLAYER_PUZZLE_SUCCESS = 0.65
PLAYER_PLAYS_IN_OPEN_GAME = 5
# Tables with people: the player at seat 1 with a friend opposite, two casual bots; the friend of
# the table in play leaves after that many plays of the deal.
FRIENDS = ("Ravi", "Leela")
FRIEND_LEAVES_AFTER = 9


class DemoError(RuntimeError):
    """The demo cannot be made as planned (the lessons or puzzles changed); says what."""


class NameTaken(Exception):
    """An account with a demo name exists and the demo did not make it."""


# ---- what the demo made, for the summary ------------------------------------------------------


@dataclass
class Report:
    """What this run made, what was there already, and what was left alone."""

    made: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    left_alone: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.made)


def is_demo_account(user: User) -> bool:
    return user.email.endswith(MARK)


def demo_class() -> Classroom | None:
    """The demo teacher's class, if the demo made it and it is still there."""
    teacher = get_user_model().objects.filter(username=TEACHER, email__endswith=MARK).first()
    if teacher is None:
        return None
    return Classroom.objects.filter(owner=teacher, name=CLASS_NAME).first()


def demo_player() -> User | None:
    return get_user_model().objects.filter(username=PLAYER, email__endswith=MARK).first()


def finished_session(classroom: Classroom) -> LiveSession | None:
    return classroom.sessions.filter(title=LIVE_TITLE, status=LiveSession.Status.FINISHED).first()


def draft_session(classroom: Classroom) -> LiveSession | None:
    return classroom.sessions.filter(title=DRAFT_TITLE, status=LiveSession.Status.DRAFT).first()


class QuickHasher(PBKDF2PasswordHasher):
    """PBKDF2 at few rounds, for the demo's accounts only. Their password is published (a printed
    login's is never shown), so hashing it slowly would guard nothing and cost the demo seconds.
    The hash records its rounds: signing in checks it as usual, and Django then hashes the
    password again at full strength."""

    iterations = 1_000


def build() -> Report:
    """Make whatever part of the demo is missing; returns what was made and what was there."""
    report = Report()
    hashers = [f"{__name__}.QuickHasher", *settings.PASSWORD_HASHERS]
    with override_settings(PASSWORD_HASHERS=hashers):
        _build_class(report)
        _build_player(report)
    return report


def _account(username: str) -> tuple[User, bool]:
    """The demo account ``username``: made through the sign-up form, or found (then False).
    Raises NameTaken if someone else's account has the name."""
    user = get_user_model().objects.filter(username=username).first()
    if user is not None:
        if not is_demo_account(user):
            raise NameTaken(username)
        return user, False
    form = SignupForm(
        {
            "username": username,
            "email": f"{username}{MARK}",
            "password1": PASSWORD,
            "password2": PASSWORD,
        }
    )
    if not form.is_valid():  # pragma: no cover - the demo's own names and password
        raise DemoError(f"the sign-up form refuses {username!r}: {form.errors.as_text()}")
    return form.save(), True


# ---- answers: the right ones, and the mistakes people make -----------------------------------

Judge = Callable[[QueryDict], Outcome]


def as_query(form: Form) -> QueryDict:
    """A form as a page posts it."""
    data = QueryDict(mutable=True)
    for name, value in form.items():
        if isinstance(value, list):
            data.setlist(name, value)
        else:
            data[name] = value
    return data


@dataclass(frozen=True)
class Sheet:
    """Answers to one question as forms: right ones, and wrong ones (most likely first)."""

    right: tuple[Form, ...]
    wrong: tuple[Form, ...]

    @classmethod
    def of(cls, question: Question) -> Sheet:
        """The question's own right answers and usual mistakes, as its form posts them."""
        return cls(*question.sample_forms())

    def checked(self, judge_form: Judge, what: str) -> Sheet:
        """Only the forms the judge scores as expected (and as a real answer)."""
        right = tuple(f for f in self.right if _verdict(judge_form, f) is True)
        wrong = tuple(f for f in self.wrong if _verdict(judge_form, f) is False)
        if not right or not wrong:
            raise DemoError(f"{what}: no right and wrong answers to give")
        return Sheet(right, wrong)

    def pick(self, rng: random.Random, right: bool) -> Form:
        if right:
            return rng.choice(self.right)
        weights = [max(1, 4 - i) for i in range(len(self.wrong))]  # the usual mistakes first
        return rng.choices(self.wrong, weights)[0]


def _verdict(judge_form: Judge, form: Form) -> bool | None:
    outcome = judge_form(as_query(form))
    return outcome.ok if outcome.counts else None


# ---- a learner doing lessons and puzzles, as on the pages -------------------------------------


def work_through(
    learner: Learner,
    lesson: Lesson,
    done: int,
    wrong_first: Callable[[int], bool],
    rng: random.Random,
) -> None:
    """Do the first ``done`` steps of a lesson, as the lesson pages record them; a step that
    asks something is answered wrongly first when ``wrong_first(number)`` says so."""
    for number, step in enumerate(lesson.steps[:done], 1):
        question = step.question
        if not question.asks:
            progress.record_step(learner, lesson, number)
            continue
        sheet = Sheet.of(question).checked(question.answer, f"lesson {lesson.slug} step {number}")
        tries = [sheet.pick(rng, right=False)] if wrong_first(number) else []
        for form in [*tries, sheet.pick(rng, right=True)]:
            progress.record_step(learner, lesson, number, question.answer(as_query(form)))


def try_puzzle(
    learner: Learner, puzzle: Puzzle, right: bool, mode: str, rng: random.Random
) -> None:
    """One go at a puzzle on the puzzle pages: a right answer or a usual mistake. A mistake the
    rules refuse is no answer there (it is only refused), so that learner then gives up."""
    question = puzzle.question
    sheet = Sheet.of(question).checked(question.answer, f"puzzle {puzzle.id}")
    outcome = question.answer(as_query(sheet.pick(rng, right)))
    trainer.record(learner, puzzle, trainer.give_up() if outcome.refused else outcome, mode)


# ---- the class --------------------------------------------------------------------------------


def _build_class(report: Report) -> None:
    try:
        with transaction.atomic():
            teacher, made = _account(TEACHER)
            if Classroom.objects.filter(owner=teacher, name=CLASS_NAME).exists():
                report.found.append(f"{CLASS_NAME}, taught by “{TEACHER}”")
                return
            student_user, _made = _account(STUDENT)
            _make_class(teacher, student_user)
    except (live.SessionError, ValueError) as error:  # RosterError, JoinError, HomeworkError…
        raise DemoError(str(error)) from error
    except NameTaken as taken:
        report.left_alone.append(
            f"An account called “{taken}” exists and the demo did not make it: "
            f"it is left alone, and {CLASS_NAME} is not made."
        )
        return
    report.made.append(
        f"{CLASS_NAME}: {len(STUDENT_NAMES) + 1} students, a finished live session and a draft, "
        "two homework assignments and a finished round of table play"
        + ("" if made else f" (for the existing demo teacher “{TEACHER}”)")
    )


def _make_class(teacher: User, student_user: User) -> None:
    rng = random.Random(f"{SEED}:class")
    classroom = rosters.create_class(teacher, CLASS_NAME)
    cards = rosters.create_logins(classroom, list(STUDENT_NAMES))
    joining.join(_signed_in(student_user), classroom.code, STUDENT_NICKNAME)
    printed = {s.real_name: s for s in classroom.students.filter(printed_login=True)}
    roster = [printed[card.real_name] for card in cards]
    roster.append(classroom.students.get(user=student_user))
    ability = [rng.uniform(0.5, 0.95) for _student in roster]
    _finished_session(classroom, teacher, roster, ability, random.Random(f"{SEED}:live"))
    _draft_session(classroom, teacher)
    _homework(classroom, teacher, roster, ability, random.Random(f"{SEED}:homework"))
    _table_play(classroom, roster[:TABLE_PLAYERS], random.Random(f"{SEED}:tables"))


def _table_play(classroom: Classroom, players: list[Student], rng: random.Random) -> None:
    """A finished round of table play, made as the teacher's start page makes it (two of the
    students partners, casual bots in the gaps) and played to its end: each student plays what
    a casual player would, the bots take their own turns."""
    settings = tableplay.RoundSettings(deals_to_play=1, bot_level="casual", turn_seconds=30)
    partners = [(players[0].pk, players[1].pk)]
    made = tableplay.start_round(classroom, players, partners, settings, rng)
    for at in made.tables.select_related("table"):
        table = at.table
        while table.finished is None:
            seats = list(table.seats.all())
            state = service.load_state(table, seats)
            seat = state.to_play
            if seat is None:
                break
            if seat in state.people:
                move = state.bot_decision(seat, "casual").move
                service.play(table, state, seat, move, table.version)
            else:
                service.bot_turn(table, seats, table.version)
            table.refresh_from_db()
    tableplay.finish_if_done(made)


def _signed_in(user: User) -> HttpRequest:
    """A request from the user's browser, signed in (as on ``/join``)."""
    request = HttpRequest()
    request.user = user
    request.session = import_module(settings.SESSION_ENGINE).SessionStore()
    return request


def _finished_session(
    classroom: Classroom,
    teacher: User,
    roster: list[Student],
    ability: list[float],
    rng: random.Random,
) -> None:
    """The whole class answers every question (the answer shows by itself once the last is in),
    then the teacher finishes."""
    session = live.new_session(classroom, LIVE_TITLE)
    for key, limit, _share in LIVE_QUESTIONS:
        live.add_question(session, key, limit, teacher)
    session.leaderboard = True  # as the builder's settings form sets it
    session.save(update_fields=["leaderboard"])
    live.start(session)
    for student in roster:
        live.join(session, student)
    for number, (key, limit, share) in enumerate(LIVE_QUESTIONS, 1):
        _move_on(live.advance(session, session.state))
        asked = questions.resolve(key)
        if asked is None:
            raise DemoError(f"no question {key}")
        sheet = Sheet.of(asked.question).checked(asked.judge, key)
        order = sorted(range(len(roster)), key=lambda i: ability[i] + rng.uniform(0, 0.3))
        right = set(order[len(roster) - round(share * len(roster)) :])
        answers = []
        for i, student in enumerate(roster):
            seconds = max(2.5, rng.uniform(0.15, 0.75) * limit * (1.4 - ability[i]))
            answers.append((round(seconds, 1), i, student, sheet.pick(rng, i in right)))
        for seconds, _i, student, form in sorted(answers, key=lambda a: (a[0], a[1])):
            _answer(session, asked, number, student, form, seconds)
        session.refresh_from_db()
        _move_on(session.status == LiveSession.Status.REVEALED)
    _move_on(live.advance(session, session.state))  # after the last question: finished


def _move_on(moved: bool) -> None:
    if not moved:  # pragma: no cover - nobody else runs the demo's session
        raise DemoError("the live session did not move on")


def _answer(
    session: LiveSession, asked: Asked, number: int, student: Student, form: Form, seconds: float
) -> None:
    """A student's answer, judged and stored as the live page does, ``seconds`` after the
    question was asked (the question's clock is set back by that much: the demo has no class
    waiting)."""
    started = timezone.now() - timedelta(seconds=seconds)
    LiveSession.objects.filter(pk=session.pk).update(question_started=started)
    outcome = asked.judge(as_query(form))
    live.submit(session, student, number, outcome)


def _draft_session(classroom: Classroom, teacher: User) -> None:
    session = live.new_session(classroom, DRAFT_TITLE)
    for key in DRAFT_QUESTIONS:
        live.add_question(session, key, 30, teacher)


def _homework(
    classroom: Classroom,
    teacher: User,
    roster: list[Student],
    ability: list[float],
    rng: random.Random,
) -> None:
    """A lesson and a puzzle set, set as on the class page, then done in part by the class."""
    today = timezone.localdate()
    lesson_form = HomeworkForm({"lesson": HOMEWORK_LESSON, "due": today + timedelta(days=7)})
    puzzle_form = PuzzleHomeworkForm(
        {"theme": HOMEWORK_THEME, "count": HOMEWORK_PUZZLES, "due": today + timedelta(days=10)},
        teacher=teacher,
    )
    if not lesson_form.is_valid() or not puzzle_form.is_valid():  # pragma: no cover
        raise DemoError(f"homework refused: {lesson_form.errors} {puzzle_form.errors}")
    homework.assign_lesson(classroom, HOMEWORK_LESSON, lesson_form.cleaned_data["due"])
    keys, title = puzzle_form.keys_and_title()
    puzzle_set = homework.assign_puzzles(classroom, keys, puzzle_form.cleaned_data["due"], title)
    lesson = lesson_by_slug(HOMEWORK_LESSON)
    puzzles = [puzzle_by_id(key.removeprefix("puzzle:")) for key in puzzle_set.puzzles]
    if lesson is None or None in puzzles:
        raise DemoError("the homework's lesson or puzzles are missing")
    for i, student in enumerate(roster):
        learner = student.learner
        assert learner is not None
        slip = 0.6 * (1 - ability[i])

        def wrong_first(_number: int = 0, slip: float = slip) -> bool:
            return rng.random() < slip

        steps_done = LESSON_WORK[i]
        done = len(lesson.steps) if steps_done == "done" else int(steps_done)
        work_through(learner, lesson, done, wrong_first, rng)
        solved = PUZZLE_WORK[i]
        for number, puzzle in enumerate(puzzles):
            assert puzzle is not None
            if number < solved:
                if wrong_first():
                    try_puzzle(learner, puzzle, False, "single", rng)
                try_puzzle(learner, puzzle, True, "single", rng)
            elif number == solved and solved > 0:  # tried the next one, and missed it
                try_puzzle(learner, puzzle, False, "single", rng)


# ---- the player -------------------------------------------------------------------------------


def _build_player(report: Report) -> None:
    try:
        with transaction.atomic():
            user, made = _account(PLAYER)
            if not made:
                report.found.append(f"the player “{PLAYER}”")
                return
            _make_player(user)
    except NameTaken as taken:
        report.left_alone.append(
            f"An account called “{taken}” exists and the demo did not make it: it is left alone."
        )
        return
    report.made.append(
        f"the player “{PLAYER}”: lesson stars, {PLAYER_PUZZLES} rated puzzles, "
        "a finished practice game and one to carry on, "
        "a finished table with people and one in play with a free seat"
    )


def _make_player(user: User) -> None:
    rng = random.Random(f"{SEED}:player")
    learner, _created = Learner.objects.get_or_create(user=user)
    for slug, mistakes_made in PLAYER_LESSONS:
        lesson = _lesson(slug)
        asking = [n for n, s in enumerate(lesson.steps, 1) if s.question.asks]
        slips = set(rng.sample(asking, mistakes_made))
        work_through(learner, lesson, len(lesson.steps), slips.__contains__, rng)
    slug, steps_done = PLAYER_HALF_DONE
    work_through(learner, _lesson(slug), steps_done, lambda _number: rng.random() < 0.3, rng)
    for _number in range(PLAYER_PUZZLES):
        puzzle = trainer.next_puzzle(learner)  # as the trainer page picks it
        if puzzle is None:  # pragma: no cover - the collection has far more
            break
        try_puzzle(learner, puzzle, rng.random() < PLAYER_PUZZLE_SUCCESS, "rated", rng)
    missed = trainer.next_missed(learner)
    if missed is not None:
        try_puzzle(learner, missed, True, "retry", rng)  # a miss put right
    # The games draw from their own stream, so that they are the same whatever the lessons and
    # puzzles above drew (the trainer's choices follow what the site's database holds).
    rng = random.Random(f"{SEED}:player-games")
    _practice_game(user, rng, deals_to_play=1, opponents="casual", plays=None)
    _practice_game(user, rng, deals_to_play=0, opponents="skilled", plays=PLAYER_PLAYS_IN_OPEN_GAME)
    _people_table(user, rng, FRIENDS[0], leaves_after=None)
    _people_table(user, rng, FRIENDS[1], leaves_after=FRIEND_LEAVES_AFTER)


def _people_table(user: User, rng: random.Random, friend: str, leaves_after: int | None) -> Game:
    """A table with people, made and played as its pages make it: the player at seat 1 (by
    account), a friend at seat 3 (by a browser of their own), casual bots at 2 and 4; each person
    plays what a casual player would. Without ``leaves_after`` the deal is played to its end;
    with it, the friend leaves after that many plays, a stand-in bot takes the seat, and the
    table waits at the player's turn for someone to sit down there."""
    seed = rng.getrandbits(62)  # the same demo every run
    table = service.create_table(
        ["", "casual", "", "casual"], user, "", deals_to_play=1, bot_speed="fast", seed=seed
    )
    service.take_seat(table, 0, PLAYER, user, "")
    table = service.take_seat(table, 2, friend, None, f"demo-friend-{friend.lower()}")
    while True:
        seats = list(table.seats.all())
        state = service.load_state(table, seats)
        if state.match_over:
            return table
        if leaves_after is not None and len(state.current.moves) >= leaves_after:
            if 2 not in table.away:
                table = service.leave_seat(table, 2)
            elif state.to_play == 0:
                return table
        seat = state.to_play
        if seat in state.people and seat not in table.away:
            assert seat is not None
            move = state.bot_decision(seat, "casual").move
            service.play(table, state, seat, move, table.version)
        else:
            service.bot_turn(table, seats, table.version)
        table.refresh_from_db()


def _lesson(slug: str) -> Lesson:
    lesson = lesson_by_slug(slug)
    if lesson is None:
        raise DemoError(f"no lesson {slug}")
    return lesson


def _practice_game(
    user: User, rng: random.Random, deals_to_play: int, opponents: str, plays: int | None
) -> Game:
    """A practice game, as the new-game form and the table's posts make it: the person's plays
    are what a casual player would choose, the bots answer (fast bots). With ``plays`` the game
    stops at the person's turn after that many plays of theirs; without, it is played to its
    end."""
    game = service.create_practice(
        user,
        "",
        opponents,
        Level.CASUAL,
        deals_to_play=deals_to_play,
        bot_speed=BotSpeed.FAST,
        seed=rng.getrandbits(62),
        undo=True,
        hints=True,
    )
    state = service.load_state(game, game.seats.all())
    made = 0
    while not state.match_over and (plays is None or made < plays or not state.is_turn_of(0)):
        if state.deal_over:
            state.next_deal()
        elif state.is_turn_of(0):
            state.play_human(state.bot_decision(0, Level.CASUAL).move, 0)
            made += 1
        else:
            state.play_bot()
    Game.objects.filter(pk=game.pk).update(
        deals=state.record,
        version=game.version + made,
        finished=timezone.now() if state.match_over else None,
    )
    game.refresh_from_db()
    return game
