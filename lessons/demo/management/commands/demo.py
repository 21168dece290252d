"""``manage.py demo``: make the demo class, its answers and a player (``lessons.demo.demo``),
then say where to look. Development only; a second run changes nothing."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from lessons.demo import demo

SITE = "http://127.0.0.1:8000"


class Command(BaseCommand):
    help = (
        "Make the demo: a teacher's class with a finished live session, a draft and homework "
        "half done, and a player with progress. Development only; running it again changes "
        "nothing."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.PRODUCTION:
            raise CommandError(
                "The demo is for development only: its accounts share a published password, "
                "so it does not run with SEEP_ENV=production. Nothing was changed."
            )
        try:
            report = demo.build()
        except demo.DemoError as error:
            raise CommandError(
                f"The demo could not be made: {error}. Nothing was changed."
            ) from error
        for line in report.left_alone:
            self.stderr.write(self.style.WARNING(line))
        if report.changed:
            self.stdout.write(self.style.SUCCESS("Demo made: " + "; ".join(report.made) + "."))
        if report.found:
            self.stdout.write("Already here, left as it is: " + "; ".join(report.found) + ".")
        if not report.changed:
            self.stdout.write("The demo is already here: nothing changed.")
        self.stdout.write(self.summary())

    def summary(self) -> str:
        """The site's address, the demo logins and what to look at with each."""
        lines = [f"Seep School demo at {SITE}/ (every demo account's password: {demo.PASSWORD})"]
        classroom = demo.demo_class()
        if classroom is not None:
            lines.append(
                f"  Sign in as “{demo.TEACHER}” for {classroom.name}: "
                + _url("classroom:class", classroom.pk)
            )
            finished = demo.finished_session(classroom)
            if finished is not None:
                lines.append(
                    f"    - the finished live session “{finished.title}”, every answer: "
                    + _url("classroom:results", finished.pk)
                )
            draft = demo.draft_session(classroom)
            if draft is not None:
                lines.append(
                    f"    - the live session “{draft.title}”, still a draft: "
                    + _url("classroom:session", draft.pk)
                )
            for assigned in classroom.homework.all():
                lines.append(
                    f"    - homework “{assigned.title}”, who did how much: "
                    + _url("classroom:homework", assigned.pk)
                )
            lines.append(
                "    (nobody has seen the printed logins' passwords: give one a new "
                "password on the class page to sign in as that student)"
            )
            lines.append(
                f"  Sign in as “{demo.STUDENT}” ({demo.STUDENT_NICKNAME} in {classroom.name}) "
                "for a student's homework and session results: " + _url("classroom:home")
            )
        if demo.demo_player() is not None:
            lines.append(
                f"  Sign in as “{demo.PLAYER}” for lesson stars {_url('lessons:learn')}, "
                f"a puzzle rating {_url('puzzles:dashboard')} "
                f"and practice games {_url('tables:practice')}"
            )
        return "\n".join(lines)


def _url(name: str, *args: Any) -> str:
    return SITE + reverse(name, args=args)
