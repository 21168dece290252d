"""Classroom pages: the classroom home, joining, classes and rosters, homework.

Live sessions are in ``session_views``. Teachers' pages answer 404 to anyone who does not teach
the class (``rosters.classes_taught``); students' pages show only the student's own work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from game.web import qr
from game.web.browser import browser_key
from game.web.http import HtmxHttpRequest, client_address
from lessons.classroom import (
    claims,
    codes,
    exports,
    homework,
    joining,
    live,
    lobby,
    overview,
    ratelimit,
    rosters,
)
from lessons.classroom.forms import (
    ClassForm,
    CoTeacherForm,
    HomeworkForm,
    JoinForm,
    NamesForm,
    PuzzleHomeworkForm,
    SessionForm,
    StudentForm,
)
from lessons.classroom.models import Classroom, Homework, Student


def taught_class(request: HttpRequest, pk: int) -> Classroom:
    """The class if this user teaches it; anyone else gets a 404, never a hint it exists."""
    return get_object_or_404(rosters.classes_taught(request.user), pk=pk)


def owned_class(request: HttpRequest, pk: int) -> Classroom:
    """The class if this user owns it; co-teachers get a 404 like everyone else."""
    classroom = taught_class(request, pk)
    if classroom.owner_id != request.user.pk:
        raise Http404("Only the class's owner may do this.")
    return classroom


def join_context(request: HttpRequest, code: str, qr_pixels: int) -> dict[str, Any]:
    """The join page's address, the link with ``code`` filled in, and that link as a QR code."""
    join_url = request.build_absolute_uri(reverse("classroom:join"))
    join_link = f"{join_url}?{urlencode({'code': code})}"
    return {
        "join_url": join_url,
        "join_link": join_link,
        "join_qr": qr.join_qr(
            join_link, _("QR code: join at %(url)s") % {"url": join_link}, qr_pixels
        ),
    }


def csv_response(filename: str, header: Sequence[object], rows: Any) -> HttpResponse:
    response = HttpResponse(exports.to_csv(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _home(request: HttpRequest, form: ClassForm | None = None, status: int = 200) -> HttpResponse:
    places = [
        (student, homework.for_student(student), lobby.running(student.classroom))
        for student in rosters.my_students(request).select_related("classroom")
    ]
    context = {
        "taught": list(rosters.classes_taught(request.user)),
        "places": places,
        "may_make_class": rosters.may_make_class(request.user),
        "form": form or ClassForm(),
    }
    return render(request, "classroom/home.html", context, status=status)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Teachers: their classes. Students: their classes. Anyone: how to begin."""
    return _home(request)


@require_GET
def after_sign_in(request: HttpRequest) -> HttpResponse:
    """Where signing in leads (``LOGIN_REDIRECT_URL``): a teacher to their classroom home, a
    student of one class to its page (of several, to the home that lists them), anyone else
    to the lessons."""
    if rosters.classes_taught(request.user).exists():
        return redirect("classroom:home")
    classes = list(rosters.my_students(request).values_list("classroom_id", flat=True)[:2])
    if len(classes) == 1:
        return redirect("classroom:my_class", pk=classes[0])
    if classes:
        return redirect("classroom:home")
    return redirect("lessons:learn")


@login_required
@require_GET
def was_it_you(request: HttpRequest) -> HttpResponse:
    """Asks whether the places this browser held before the sign-in were the account's own
    (``claims``); with nothing left to ask, on to where signing in leads."""
    places = list(claims.offered(request))
    if not places:
        return redirect("classroom:after_sign_in")
    return render(request, "classroom/was_it_you.html", {"places": places})


@login_required
@require_POST
def was_me(request: HttpRequest) -> HttpResponse:
    claimed = claims.claim_offered(request)
    if claimed:
        messages.success(
            request,
            ngettext(
                "%(places)s is now your account's, with its answers.",
                "%(places)s are now your account's, with their answers.",
                len(claimed),
            )
            % {"places": claims.places_text(claimed)},
        )
    return redirect("classroom:after_sign_in")


@login_required
@require_POST
def was_not_me(request: HttpRequest) -> HttpResponse:
    claims.decline_offer(request)
    return redirect("classroom:after_sign_in")


@login_required
@require_POST
def class_create(request: HttpRequest) -> HttpResponse:
    if not rosters.may_make_class(request.user):
        raise PermissionDenied("A pupil's account does not make classes.")
    form = ClassForm(request.POST)
    if not form.is_valid():
        return _home(request, form, status=400)
    assert isinstance(request.user, User)
    classroom = rosters.create_class(request.user, form.cleaned_data["name"])
    return redirect("classroom:class", pk=classroom.pk)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest) -> HttpResponse:
    """Join a live session or a class with the code the teacher shows, and a nickname."""
    if request.method == "GET":
        browser_key(request, create=True)  # the session exists before the form can be posted twice
        form = JoinForm(initial={"code": request.GET.get("code", "")[:20]})
        return render(request, "classroom/join.html", {"form": form})
    form = JoinForm(request.POST)
    if not form.is_valid():
        return render(request, "classroom/join.html", {"form": form}, status=400)
    address = client_address(request)
    code = codes.normalize(form.cleaned_data["code"])
    if not ratelimit.allow_join(address):
        refused = _("Too many wrong codes from here: wait a few minutes, then try again.")
        form.add_error(None, refused)
        response = render(request, "classroom/join.html", {"form": form}, status=429)
        response["Retry-After"] = str(ratelimit.seconds_left())
        return response
    try:
        target = joining.join(request, code, form.cleaned_data["nickname"])
    except joining.JoinError as error:
        if error.wrong_code:
            ratelimit.wrong_code(address, code)
        form.add_error(None, error.message)
        return render(request, "classroom/join.html", {"form": form}, status=400)
    return redirect(target)


def _class_page(
    request: HttpRequest, classroom: Classroom, status: int = 200, **forms: Any
) -> HttpResponse:
    context = {
        "classroom": classroom,
        "students": classroom.roster.select_related("user"),
        "co_teachers": classroom.co_teachers.all(),
        "is_owner": classroom.owner_id == request.user.pk,
        "sessions": classroom.sessions.all(),
        "homework_list": classroom.homework.all(),
        **join_context(request, classroom.code, 200),
        "names_form": forms.get("names_form") or NamesForm(),
        "teacher_form": forms.get("teacher_form") or CoTeacherForm(),
        "session_form": forms.get("session_form") or SessionForm(),
        "homework_form": forms.get("homework_form") or HomeworkForm(),
        "puzzle_form": forms.get("puzzle_form") or PuzzleHomeworkForm(teacher=request.user),
    }
    return render(request, "classroom/class.html", context, status=status)


@login_required
@require_GET
def class_page(request: HttpRequest, pk: int) -> HttpResponse:
    return _class_page(request, taught_class(request, pk))


@login_required
@require_GET
def class_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner is asked to confirm, and told what goes with the class and what stays."""
    classroom = owned_class(request, pk)
    context = {"classroom": classroom, "deletion": rosters.class_deletion(classroom)}
    return render(request, "classroom/class_delete.html", context)


@login_required
@require_POST
def class_remove(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_class(request, pk)
    name = classroom.name
    deleted = rosters.delete_class(classroom)
    notice = _("The class “%(name)s” is deleted.") % {"name": name}
    if deleted.logins:
        notice += " " + ngettext(
            "So is the printed login made for it.",
            "So are the %(n)s printed logins made for it.",
            deleted.logins,
        ) % {"n": deleted.logins}
    messages.success(request, notice)
    return redirect("classroom:home")


@login_required
@require_POST
def logins(request: HttpRequest, pk: int) -> HttpResponse:
    """Make logins for a list of names and show the login cards to print (only this once)."""
    classroom = taught_class(request, pk)
    form = NamesForm(request.POST)
    if form.is_valid():
        try:
            cards = rosters.create_logins(classroom, rosters.read_names(form.cleaned_data["names"]))
        except rosters.RosterError as error:
            form.add_error("names", str(error))
        else:
            return _cards(request, classroom, cards)
    return _class_page(request, classroom, status=400, names_form=form)


def _cards(
    request: HttpRequest, classroom: Classroom, cards: list[rosters.LoginCard]
) -> HttpResponse:
    context = {
        "classroom": classroom,
        "cards": cards,
        "login_url": request.build_absolute_uri(reverse("login")),
    }
    response = render(request, "classroom/cards.html", context)
    response["Cache-Control"] = "no-store"
    return response


def _student(classroom: Classroom, sid: int) -> Student:
    return get_object_or_404(classroom.students, pk=sid)


@login_required
@require_POST
def student_edit(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    student = _student(classroom, sid)
    form = StudentForm(request.POST)
    if form.is_valid():
        student.real_name = form.cleaned_data["real_name"]
        student.save(update_fields=["real_name"])
    return redirect(reverse("classroom:class", args=[pk]) + "#students")


def _confirmed(request: HttpRequest) -> bool:
    """Whether this is the POST of a page that asked first (a first GET or POST only asks)."""
    return request.method == "POST" and request.POST.get("confirm") == "yes"


@login_required
@require_http_methods(["GET", "POST"])
def student_remove(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    """Asks first, saying what goes with the place; only the page's confirmed POST removes."""
    classroom = taught_class(request, pk)
    student = _student(classroom, sid)
    if not _confirmed(request):
        context = {
            "classroom": classroom,
            "student": student,
            "removal": rosters.student_removal(student),
        }
        return render(request, "classroom/student_remove.html", context)
    student.delete()
    return redirect(reverse("classroom:class", args=[pk]) + "#students")


@login_required
@require_http_methods(["GET", "POST"])
def student_password(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    """Asks first (the old card stops working); only the confirmed POST makes the new one."""
    classroom = taught_class(request, pk)
    student = _student(classroom, sid)
    if student.user is None or not student.printed_login:
        raise Http404("This student joined with a code and has no login to reset.")
    if not _confirmed(request):
        context = {"classroom": classroom, "student": student}
        return render(request, "classroom/student_password.html", context)
    return _cards(request, classroom, [rosters.new_password(student)])


@login_required
@require_POST
def teacher_add(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    form = CoTeacherForm(request.POST)
    if form.is_valid():
        try:
            rosters.add_co_teacher(classroom, form.cleaned_data["username"])
        except rosters.RosterError as error:
            form.add_error("username", str(error))
        else:
            return redirect(reverse("classroom:class", args=[pk]) + "#teachers")
    return _class_page(request, classroom, status=400, teacher_form=form)


@login_required
@require_http_methods(["GET", "POST"])
def teacher_remove(request: HttpRequest, pk: int, uid: int) -> HttpResponse:
    """The owner removes a co-teacher; a co-teacher may leave. Asks first."""
    classroom = taught_class(request, pk)
    if classroom.owner_id != request.user.pk and uid != request.user.pk:
        raise Http404("Only the class's owner removes co-teachers.")
    teacher = get_object_or_404(classroom.co_teachers, pk=uid)
    leaving = uid == request.user.pk
    if not _confirmed(request):
        name = {"name": teacher.get_username(), "class": classroom.name}
        context = {
            "classroom": classroom,
            "title": _("Leave %(class)s?") % name
            if leaving
            else _("Remove %(name)s from %(class)s?") % name,
            "goes": [
                _("your access to this class: its students, sessions, homework and results")
                if leaving
                else _("%(name)s's access to this class: its students, sessions and results") % name
            ],
            "stays": [_("The class, its students and their work stay as they are.")],
            "action": request.path,
            "confirm_label": _("Leave the class") if leaving else _("Remove %(name)s") % name,
            "keep_url": reverse("classroom:class", args=[pk]) + "#teachers",
            "keep_label": _("Stay") if leaving else _("Keep %(name)s") % name,
        }
        return render(request, "classroom/confirm.html", context)
    classroom.co_teachers.remove(uid)
    if leaving:
        return redirect("classroom:home")
    return redirect(reverse("classroom:class", args=[pk]) + "#teachers")


@login_required
@require_POST
def session_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    form = SessionForm(request.POST)
    if not form.is_valid():
        return _class_page(request, classroom, status=400, session_form=form)
    session = live.new_session(classroom, form.cleaned_data["title"])
    return redirect("classroom:session", pk=session.pk)


@login_required
@require_POST
def homework_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    form = HomeworkForm(request.POST)
    if not form.is_valid():
        return _class_page(request, classroom, status=400, homework_form=form)
    homework.assign_lesson(classroom, form.cleaned_data["lesson"], form.cleaned_data["due"])
    return redirect(reverse("classroom:class", args=[pk]) + "#homework")


@login_required
@require_POST
def puzzle_homework_create(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    form = PuzzleHomeworkForm(request.POST, teacher=request.user)
    if form.is_valid():
        keys, title = form.keys_and_title()
        try:
            homework.assign_puzzles(classroom, keys, form.cleaned_data["due"], title)
        except homework.HomeworkError as error:
            form.add_error(None, str(error))
        else:
            return redirect(reverse("classroom:class", args=[pk]) + "#homework")
    return _class_page(request, classroom, status=400, puzzle_form=form)


def _homework(request: HttpRequest, pk: int) -> Homework:
    classes = rosters.classes_taught(request.user)
    return get_object_or_404(Homework.objects.filter(classroom__in=classes), pk=pk)


@login_required
@require_GET
def homework_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Per student: done or not, how far, and every play they tried."""
    assigned = _homework(request, pk)
    context = {"homework": assigned, "work": homework.progress(assigned)}
    return render(request, "classroom/homework.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def homework_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Asks first: the students' lessons and puzzles stay theirs, only the assignment goes."""
    assigned = _homework(request, pk)
    back = reverse("classroom:class", args=[assigned.classroom_id]) + "#homework"
    if not _confirmed(request):
        started = sum(1 for work in homework.progress(assigned) if work.tries)
        context = {
            "classroom": assigned.classroom,
            "title": _("Remove the homework “%(title)s”?") % {"title": assigned.title},
            "goes": [
                _("the homework and its page of each student's progress"),
                ngettext(
                    "what the class pages show of the work of %(n)s student who started it",
                    "what the class pages show of the work of %(n)s students who started it",
                    started,
                )
                % {"n": started},
            ],
            "stays": [_("The lessons and puzzles the students did stay theirs.")],
            "action": request.path,
            "confirm_label": _("Remove the homework"),
            "keep_url": reverse("classroom:homework", args=[assigned.pk]),
            "keep_label": _("Keep it"),
        }
        return render(request, "classroom/confirm.html", context)
    assigned.delete()
    return redirect(back)


def _my_place(request: HttpRequest, pk: int) -> Student:
    """This browser's (or account's) place in the class; a 404 for anyone without one."""
    student = rosters.my_students(request).filter(classroom_id=pk).select_related("classroom")
    found = student.first()
    if found is None:
        raise Http404("No such class.")
    return found


def _guest_gone(request: HttpRequest, pk: int) -> HttpResponse:
    """A guest whose place left the class list when a session ended: the way back in, with the
    class code; a 404 for anyone else."""
    gone = rosters.places_left(request).filter(classroom_id=pk).select_related("classroom")
    place = gone.first()
    if place is None:
        raise Http404("No such class.")
    messages.info(
        request,
        _(
            "You took part in “%(class)s” as a guest, and guests leave the class list when the "
            "lesson ends: join again with the code to come back."
        )
        % {"class": place.classroom.name},
    )
    return redirect(f"{reverse('classroom:join')}?{urlencode({'code': place.classroom.code})}")


def _live_now_context(student: Student) -> dict[str, Any]:
    return {"classroom": student.classroom, "running": lobby.running(student.classroom)}


@require_GET
def my_class(request: HttpRequest, pk: int) -> HttpResponse:
    """A student's page of their class: the live lesson running now (or a wait for one, which
    takes them in when it starts), their homework, and every finished session with their
    score."""
    try:
        student = _my_place(request, pk)
    except Http404:
        return _guest_gone(request, pk)
    context = {
        "student": student,
        "homework_list": homework.for_student(student),
        "taken": overview.sessions_taken(student, finished_only=True),
        **_live_now_context(student),
    }
    return render(request, "classroom/my_class.html", context)


@require_GET
def my_class_live_now(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Polled by a student's class page with the session it shows (``shown``: its id, or 0):
    204 while that is still so (one query); when a session has started, the page is sent into
    it; when it has ended, the part is drawn again. Anyone not in the class gets 204 too."""
    running = lobby.running_pk(pk) or 0
    if str(running) == request.GET.get("shown"):
        return HttpResponse(status=204)
    student = rosters.my_students(request).filter(classroom_id=pk).select_related("classroom")
    found = student.first()
    if found is None:
        return HttpResponse(status=204)
    if running:
        into = reverse("classroom:my_class_live", args=[pk])
        return HttpResponseClientRedirect(into) if request.htmx else redirect(into)
    if not request.htmx:
        return redirect("classroom:my_class", pk=pk)
    return render(request, "classroom/my_class.html#live_now", _live_now_context(found))


@require_GET
def my_class_live(request: HttpRequest, pk: int) -> HttpResponse:
    """Into the lobby of the session running in the student's class (a link, so it works
    without JavaScript too; joining twice is joining once)."""
    student = _my_place(request, pk)
    try:
        session = lobby.join_running(student.classroom, student)
    except live.SessionError as error:  # finished between the page and the click
        messages.info(request, error.message)
        session = None
    if session is None:
        messages.info(request, _("No live lesson is running in this class now."))
        return redirect("classroom:my_class", pk=pk)
    return redirect("classroom:live", pk=session.pk)


@require_GET
def my_homework(request: HttpRequest, pk: int) -> HttpResponse:
    """A student's own view of one homework: what to do, what is done (nobody else's work)."""
    assigned = get_object_or_404(Homework.objects.select_related("classroom"), pk=pk)
    student = rosters.student_in(request, assigned.classroom)
    if student is None:
        raise Http404("No such homework.")
    work = homework.progress(assigned, [student])[0]
    context = {
        "homework": assigned,
        "work": work,
        "puzzles": homework.puzzles_to_do(assigned, work),
        "url": homework.where_to_do(assigned),
    }
    return render(request, "classroom/my_homework.html", context)


@login_required
@require_GET
def sessions_csv(request: HttpRequest, pk: int) -> HttpResponse:
    """Every answer of every live session of the class."""
    classroom = taught_class(request, pk)
    return csv_response(
        f"live-class-{classroom.pk}.csv",
        exports.SESSION_COLUMNS,
        exports.class_session_rows(classroom),
    )


@login_required
@require_GET
def homework_csv(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught_class(request, pk)
    return csv_response(
        f"homework-class-{classroom.pk}.csv",
        exports.HOMEWORK_COLUMNS,
        exports.homework_rows(classroom),
    )


# The class overview: owner only ---------------------------------------------------------------


def sort_checked(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A ``?sort=`` the table does not know is a 400 that names the sorts it does."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except overview.SortError as error:
            return HttpResponseBadRequest(str(error))

    return checked


def _class_order(request: HttpRequest) -> overview.Sorted:
    return overview.read_sort(
        request.GET.get("sort"), overview.CLASS_COLUMNS, overview.CLASS_DEFAULT_SORT
    )


@login_required
@require_GET
@sort_checked
def class_overview(request: HttpRequest, pk: int) -> HttpResponse:
    """Every student of the class at a glance, sortable by each column."""
    classroom = owned_class(request, pk)
    order = _class_order(request)
    context = {
        "classroom": classroom,
        "rows": overview.sorted_class(classroom, order),
        "headings": overview.headings(overview.CLASS_COLUMNS, order),
        "order": order,
    }
    return render(request, "classroom/overview.html", context)


@login_required
@require_GET
@sort_checked
def class_overview_csv(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = owned_class(request, pk)
    rows = overview.class_csv_rows(overview.sorted_class(classroom, _class_order(request)))
    return csv_response(f"overview-class-{classroom.pk}.csv", overview.CLASS_CSV_COLUMNS, rows)


def _student_detail(
    request: HttpRequest, pk: int, sid: int
) -> tuple[Classroom, Student, overview.Sorted, overview.StudentDetail]:
    classroom = owned_class(request, pk)
    student = _student(classroom, sid)
    order = overview.read_sort(
        request.GET.get("sort"), overview.STUDENT_COLUMNS, overview.STUDENT_DEFAULT_SORT
    )
    return classroom, student, order, overview.student_detail(classroom, student, order)


@login_required
@require_GET
@sort_checked
def student_overview(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    """One student in detail: each lesson, puzzle theme, live lesson and homework."""
    classroom, student, order, detail = _student_detail(request, pk, sid)
    context = {
        "classroom": classroom,
        "student": student,
        "detail": detail,
        "row": detail.row,
        "headings": overview.headings(overview.STUDENT_COLUMNS, order),
        "order": order,
    }
    return render(request, "classroom/student_overview.html", context)


@login_required
@require_GET
@sort_checked
def student_overview_csv(request: HttpRequest, pk: int, sid: int) -> HttpResponse:
    classroom, student, _order, detail = _student_detail(request, pk, sid)
    rows = overview.student_csv_rows(student, detail.items)
    filename = f"student-{student.pk}-class-{classroom.pk}.csv"
    return csv_response(filename, overview.STUDENT_CSV_COLUMNS, rows)
