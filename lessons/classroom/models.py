"""Classes, their students, live sessions with their questions and answers, and homework.

Every answer is also an ``AnswerRecord`` (DESIGN.md: one attempt record feeds every dashboard):
``Answer`` adds what only a live session knows (which question, how fast) and the rule of one
answer per student per question, enforced by the database.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from lessons.keys import ExerciseKey
from lessons.models import AnswerRecord, Learner

NICKNAME_LENGTH = 30


class Classroom(models.Model):
    """A teacher's class: a name, a roster, co-teachers and a code students join with."""

    name = models.CharField(max_length=100)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classes_owned"
    )
    co_teachers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="classes_co_taught"
    )
    code = models.CharField(max_length=8, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def roster(self) -> models.QuerySet[Student]:
        """The class list: every student but the guests who have left it."""
        return self.students.filter(left__isnull=True)


class Student(models.Model):
    """One place on a roster. Others see only the nickname; the real name is the teacher's."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="students")
    nickname = models.CharField(max_length=NICKNAME_LENGTH)
    real_name = models.CharField(max_length=100, blank=True)
    # A login the teacher made (or the account of a signed-in student who joined by code).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="student_places",
    )
    printed_login = models.BooleanField(default=False)  # the teacher made ``user`` for them
    # Whose answers and lesson progress are this student's work (lessons.learners).
    learner = models.ForeignKey(
        Learner, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The join key of the browser that joined (``game.web.browser``): the two posts of a
    # double click on Join are one browser's, and get this one place.
    browser = models.CharField(max_length=32, blank=True, default="")
    # Joined with a nickname alone: leaves the class list when a session they took part in ends,
    # unless the teacher keeps them (``left``: when; their answers stay in the results).
    guest = models.BooleanField(default=False)
    left = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["nickname", "pk"]
        constraints = [
            models.UniqueConstraint(
                Lower("nickname"),
                "classroom",
                condition=models.Q(left__isnull=True),
                name="one_nickname_per_class_list",
            ),
            models.UniqueConstraint(
                fields=["classroom", "user"],
                condition=models.Q(user__isnull=False),
                name="one_place_per_user_per_class",
            ),
            models.UniqueConstraint(
                fields=["classroom", "browser"],
                condition=~models.Q(browser="") & models.Q(left__isnull=True),
                name="one_listed_place_per_browser_per_class",
            ),
        ]

    def __str__(self) -> str:
        return self.nickname


class LiveSession(models.Model):
    """A lesson run live: the teacher sets the pace, students answer on their own devices."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("being prepared")
        LOBBY = "lobby", _("open, waiting to start")
        ASKING = "asking", _("asking a question")
        REVEALED = "revealed", _("answer shown")
        FINISHED = "finished", _("finished")

    OPEN = (Status.LOBBY, Status.ASKING, Status.REVEALED)

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="sessions")
    title = models.CharField(max_length=100)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    code = models.CharField(max_length=6, blank=True)
    current = models.PositiveSmallIntegerField(default=0)  # the question shown; 0 before one
    question_started = models.DateTimeField(null=True, blank=True)
    leaderboard = models.BooleanField(default=False)
    # Pacing: an answer may be changed until time is up; the answer shows by itself once
    # everyone has answered or time is up; the next question comes ``auto_advance`` seconds
    # after the answer showed (``revealed``), if set.
    change_answers = models.BooleanField(default=False)
    auto_reveal = models.BooleanField(default=True)
    auto_advance = models.PositiveSmallIntegerField(null=True, blank=True)
    revealed = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["code"],
                condition=models.Q(status__in=["lobby", "asking", "revealed"]),
                name="one_open_session_per_code",
            )
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN

    @property
    def state(self) -> str:
        """What students and teachers are shown, as a token that changes with it."""
        return f"{self.status}-{self.current}"


class Question(models.Model):
    """One exercise asked in a session, named by its exercise key (``lessons.exercises``)."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveSmallIntegerField()
    source = models.CharField(max_length=120)  # "lesson:capturing:2", "puzzle:sweep-1000-35"
    time_limit = models.PositiveSmallIntegerField(null=True, blank=True)  # seconds

    class Meta:
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_question_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.session} question {self.number}"

    @property
    def exercise_key(self) -> ExerciseKey:
        """The key of its answers' ``AnswerRecord``: kept apart from lesson and puzzle records."""
        return ExerciseKey.live(self.session_id, self.number)


class Participant(models.Model):
    """A student who joined a live session."""

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="participants")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="sessions")
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["session", "student"], name="one_join_per_session")
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.session}"


class Answer(models.Model):
    """A student's answer to a live question: one each, the database sees to it (changed in
    place where the session lets students change their answer)."""

    question = models.ForeignKey(Question, on_delete=models.CASCADE, related_name="answers")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="answers")
    record = models.OneToOneField(AnswerRecord, on_delete=models.CASCADE, related_name="+")
    seconds = models.FloatField()  # after the question was asked
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["question", "student"], name="one_answer_per_student_per_question"
            )
        ]

    def __str__(self) -> str:
        return f"{self.student} on {self.question}"


class Homework(models.Model):
    """A lesson or a set of puzzles for a class to do by a date."""

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="homework")
    title = models.CharField(max_length=120)
    lesson = models.SlugField(max_length=60, blank=True)
    puzzles = models.JSONField(default=list, blank=True)  # puzzle exercise keys, in order
    due = models.DateField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due", "pk"]

    def __str__(self) -> str:
        return self.title


class TablePlay(models.Model):
    """A round of table play: the students present, at tables of four (``RoundTable``) with
    bots in the gaps, each table playing a deal or a short match with the turn timer on."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="table_rounds")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    deals_to_play = models.PositiveSmallIntegerField(default=1)
    bot_level = models.CharField(max_length=10)  # game.tables.models.Level
    turn_seconds = models.PositiveSmallIntegerField(default=30)  # 0: no timer
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom"],
                condition=models.Q(status="playing"),
                name="one_table_round_playing_per_class",
            )
        ]

    def __str__(self) -> str:
        return f"table play in {self.classroom}"


class RoundTable(models.Model):
    """One table of a round: a table with people (``game.tables``), numbered for the board."""

    round = models.ForeignKey(TablePlay, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()  # 1, 2, … on the teacher's board
    table = models.OneToOneField(
        "people.Game", on_delete=models.CASCADE, related_name="class_round"
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_round_table_per_number")
        ]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class RoundSeat(models.Model):
    """A student's seat in a round: held under ``held_key`` until their browser arrives and
    takes it (``arrived``)."""

    round = models.ForeignKey(TablePlay, on_delete=models.CASCADE, related_name="seats")
    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()  # 0–3, as the engine counts them
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="table_seats")
    held_key = models.CharField(max_length=64)
    arrived = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round_table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round", "student"], name="one_seat_per_student"),
            models.UniqueConstraint(
                fields=["round_table", "seat"], name="one_student_per_round_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.student} at {self.round_table}"
