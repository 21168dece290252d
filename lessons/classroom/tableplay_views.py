"""Table play pages: the teacher's start page and board (owner only: anyone else gets a 404),
and the student's side, their class page's poll that carries them onto their seat."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.forms.boundfield import BoundWidget
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from game.review_web import reviews
from game.tables.forms import TIMERS
from game.tables.models import Level, SeatReview
from game.web.browser import browser_key
from game.web.http import HtmxHttpRequest
from lessons.classroom import review_questions, rosters, tableplay
from lessons.classroom.forms import NumberField
from lessons.classroom.models import Classroom, LiveSession, Student, TablePlay
from lessons.classroom.views import _confirmed, owned_class

LENGTHS = [
    (1, gettext_lazy("One deal")),
    (2, gettext_lazy("A short match: two deals")),
    (4, gettext_lazy("Four deals")),
]
RANDOM = ""
BOARD_POLL = "2s"


class StartForm(forms.Form):
    """Who plays (ticked from the roster), each one's partner if the teacher chooses, and how."""

    players = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Students who play"),
        coerce=int,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    deals_to_play = forms.TypedChoiceField(
        label=gettext_lazy("Each table plays"), choices=LENGTHS, coerce=int, initial=1
    )
    bot_level = forms.ChoiceField(
        label=gettext_lazy("Bots in the empty seats"), choices=Level.choices, initial=Level.CASUAL
    )
    turn_seconds = forms.TypedChoiceField(
        label=gettext_lazy("Turn timer"),
        choices=TIMERS,
        coerce=int,
        initial=30,
        help_text=gettext_lazy(
            "A class waits for nobody: when a student's time runs out, a bot plays for them "
            "until they are back."
        ),
    )

    def __init__(self, students: list[Student], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.students = students
        choices = [(student.pk, student.nickname) for student in students]
        players = self.fields["players"]
        assert isinstance(players, forms.TypedMultipleChoiceField)
        players.choices = choices
        for student in students:
            self.fields[self.partner_field(student.pk)] = forms.TypedChoiceField(
                label=_("Partner of %(name)s") % {"name": student.nickname},
                choices=[
                    (RANDOM, _("At random")),
                    *(choice for choice in choices if choice[0] != student.pk),
                ],
                coerce=int,
                empty_value=None,
                required=False,
            )

    @staticmethod
    def partner_field(pk: int) -> str:
        return f"partner_{pk}"

    def rows(self) -> list[tuple[Student, BoundWidget, forms.BoundField]]:
        """Each roster row: the student, their tick and their partner's choice."""
        ticks = {str(tick.data["value"]): tick for tick in self["players"].subwidgets}
        return [
            (student, ticks[str(student.pk)], self[self.partner_field(student.pk)])
            for student in self.students
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None
        players = data.get("players") or []
        if not players:
            raise forms.ValidationError(_("Tick at least one student to play."))
        chosen = {pk: data.get(self.partner_field(pk)) for pk in players}
        try:
            data["partners"] = tableplay.read_partners(chosen, players)
        except tableplay.TablePlayError as error:
            raise forms.ValidationError(error.message) from error
        return data

    def settings(self) -> tableplay.RoundSettings:
        data = self.cleaned_data
        return tableplay.RoundSettings(
            data["deals_to_play"], data["bot_level"], data["turn_seconds"]
        )


def _start_page(
    request: HttpRequest, classroom: Classroom, form: StartForm | None = None, status: int = 200
) -> HttpResponse:
    students = list(classroom.roster)
    if form is None:
        form = StartForm(students, initial={"players": sorted(tableplay.present(students))})
    context = {
        "classroom": classroom,
        "form": form,
        "playing": tableplay.playing(classroom),
        "rounds": classroom.table_rounds.all(),
    }
    return render(request, "classroom/tableplay_start.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def start(request: HttpRequest, pk: int) -> HttpResponse:
    """The start page: the roster with who is here ticked, partners, the round's settings; its
    POST puts the students at their tables and opens the board."""
    classroom = owned_class(request, pk)
    if request.method == "GET":
        return _start_page(request, classroom)
    form = StartForm(list(classroom.roster), request.POST)
    if not form.is_valid():
        return _start_page(request, classroom, form, status=400)
    chosen = [s for s in form.students if s.pk in set(form.cleaned_data["players"])]
    try:
        made = tableplay.start_round(
            classroom, chosen, form.cleaned_data["partners"], form.settings()
        )
    except tableplay.TablePlayError as error:
        form.add_error(None, error.message)
        return _start_page(request, classroom, form, status=400)
    return redirect("classroom:tableplay_board", pk=classroom.pk, rid=made.pk)


def _round(request: HttpRequest, pk: int, rid: int) -> TablePlay:
    classroom = owned_class(request, pk)
    return get_object_or_404(
        TablePlay.objects.select_related("classroom"), pk=rid, classroom=classroom
    )


def _board_context(made: TablePlay) -> dict[str, Any]:
    """The tables, and once the round is over every student's review, started here (once)."""
    over = made.status == TablePlay.Status.FINISHED
    if over:
        tableplay.start_reviews(made)
    reviews = tableplay.review_lines(made) if over else []
    return {
        "classroom": made.classroom,
        "round": made,
        "lines": tableplay.board(made),
        "reviews": reviews,
        "polling": not over or not all(line.done for line in reviews),
        "mark": tableplay.mark(made),
        "poll_every": BOARD_POLL,
    }


@login_required
@require_GET
def board(request: HttpRequest, pk: int, rid: int) -> HttpResponse:
    """The teacher's board: every table live (scores, whose turn, plays made, a link to watch),
    then the results and each table's replay."""
    made = _round(request, pk, rid)
    tableplay.finish_if_done(made)
    return render(request, "classroom/tableplay.html", _board_context(made))


@login_required
@require_GET
def board_poll(request: HtmxHttpRequest, pk: int, rid: int) -> HttpResponse:
    """Polled by the board with the mark it shows (``seen``): tables nobody is moving are moved
    on first; 204 while nothing changed, else the tables redrawn."""
    made = _round(request, pk, rid)
    if made.status == TablePlay.Status.PLAYING:
        tableplay.nudge(made)
        tableplay.finish_if_done(made)
    else:
        tableplay.start_reviews(made)
    if tableplay.mark(made) == request.GET.get("seen"):
        return HttpResponse(status=204)
    if not request.htmx:
        return redirect("classroom:tableplay_board", pk=pk, rid=rid)
    return render(request, "classroom/tableplay.html#tables", _board_context(made))


@login_required
@require_http_methods(["GET", "POST"])
def end(request: HttpRequest, pk: int, rid: int) -> HttpResponse:
    """The teacher ends the round, asked first on a page of its own (tables still playing lose
    their deal in play); the confirmed POST ends it, and the board shows the results."""
    made = _round(request, pk, rid)
    board = reverse("classroom:tableplay_board", args=[pk, rid])
    if made.status != TablePlay.Status.PLAYING:
        messages.info(request, _("This round had already ended."))
        return redirect(board)
    if not _confirmed(request):
        playing = made.tables.filter(table__finished__isnull=True).count()
        context = {
            "classroom": made.classroom,
            "title": _("End the round now?"),
            "lead": _("This cannot be undone:"),
            "goes": [
                ngettext(
                    "%(n)s table is still playing: its deal in play is not reviewed",
                    "%(n)s tables are still playing: their deals in play are not reviewed",
                    playing,
                )
                % {"n": playing},
                _("no student is sent to a table of this round any more"),
            ],
            "stays": [_("Every finished deal, and each student's review of it, stays.")],
            "action": request.path,
            "confirm_label": _("End the round"),
            "keep_url": board,
            "keep_label": _("Let them play on"),
        }
        return render(request, "classroom/confirm.html", context)
    if not tableplay.end_round(made):
        messages.info(request, _("This round had already ended."))
    return redirect(board)


class AskForm(forms.Form):
    """Which reviewed play goes into which draft live session."""

    number = NumberField(min_value=1, max_value=48)
    session = forms.CharField(max_length=12)


def _review(
    request: HttpRequest, pk: int, rid: int, review_id: int
) -> tuple[TablePlay, SeatReview, str]:
    made = _round(request, pk, rid)
    found = tableplay.round_review(made, review_id)
    if found is None:
        raise Http404("No such review in this round.")
    return made, found[0], found[1]


@login_required
@require_GET
def review(request: HttpRequest, pk: int, rid: int, review_id: int) -> HttpResponse:
    """A student's review of their deal, for the teacher: each play marked, the best play and
    why, and the marked ones offered as live questions."""
    made, stored, student = _review(request, pk, rid, review_id)
    read = None
    if stored.status == SeatReview.Status.DONE:
        read = reviews.read_review(stored.finished_deal(), stored)
    keys = {play.number: key for key, play in review_questions.moment_keys(stored)}
    context = {
        "classroom": made.classroom,
        "round": made,
        "stored": stored,
        "student": student,
        "read": read,
        "askable": keys,
        "drafts": made.classroom.sessions.filter(status=LiveSession.Status.DRAFT),
        "new_session": tableplay.NEW_SESSION,
    }
    return render(request, "classroom/tableplay_review.html", context)


@login_required
@require_POST
def ask(request: HttpRequest, pk: int, rid: int, review_id: int) -> HttpResponse:
    """Put a student's marked play into a draft live session as "find the best play"."""
    made, stored, _student = _review(request, pk, rid, review_id)
    form = AskForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(_("Say which play, and which live session."))
    keys = {play.number: key for key, play in review_questions.moment_keys(stored)}
    key = keys.get(form.cleaned_data["number"])
    if key is None:
        return HttpResponseBadRequest(_("Only a marked play of this review can be asked."))
    try:
        session = tableplay.ask_in_session(made, key, form.cleaned_data["session"], request.user)
    except tableplay.TablePlayError as error:
        return HttpResponseBadRequest(error.message)
    messages.success(request, _("The play is now a question of this live session."))
    return redirect("classroom:session", pk=session.pk)


# ---- the student's side ----------------------------------------------------------------------


@require_GET
def my_table_now(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Polled by a student's class page with the table it shows (``shown``: its code, or
    nothing): one query. A seat they have not taken yet sends the page to it; 204 while what the
    page shows is still so. Anyone not in the class gets 204 too."""
    held, user = rosters.my_places(request)
    found = tableplay.seat_for(pk, held, user)
    if found is None:
        return HttpResponse(status=204)
    tableplay.mark_present(found.student_id)
    if found.code is not None and not found.arrived:
        into = reverse("classroom:my_table", args=[pk])
        return HttpResponseClientRedirect(into) if request.htmx else redirect(into)
    if (found.code or "") == request.GET.get("shown", ""):
        return HttpResponse(status=204)
    if not request.htmx:
        return redirect("classroom:my_class", pk=pk)
    context = {"classroom_id": pk, "code": found.code}
    return render(request, "classroom/tableplay_wait.html#table_now", context)


@require_GET
def my_table(request: HttpRequest, pk: int) -> HttpResponse:
    """Onto the student's seat at their table (a link too, so it works without JavaScript)."""
    student = rosters.my_students(request).filter(classroom_id=pk).first()
    if student is None:
        return redirect("classroom:my_class", pk=pk)
    seat = tableplay.arrive(student, browser_key(request, create=True))
    if seat is None:
        messages.info(request, _("No table play is on for you in this class now."))
        return redirect("classroom:my_class", pk=pk)
    return redirect("tables:table", code=seat.round_table.table.code)
