"""Puzzle pages: the rated trainer, streaks, the daily puzzle, retrying misses, the dashboard,
one puzzle by its link, and the editor. Thin views: the logic lives in ``lessons.puzzles``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from game.engine import Deal
from game.table.component import Table, table_view
from game.table.forms import NOTHING_PICKED, Picked, read_picked
from game.web.http import HtmxHttpRequest, local_path
from lessons.learners import current_learner
from lessons.models import Learner
from lessons.puzzles import aims, editor, play_on, seen, trainer
from lessons.puzzles.collection import Puzzle, puzzle_by_id
from lessons.puzzles.models import CustomPuzzle
from lessons.puzzles.texts import task_text
from lessons.puzzles.themes import THEMES, theme_title
from lessons.questions import AnswerError, Outcome

BODY = "puzzles/puzzle.html#puzzle_body"


def _collection_puzzle(puzzle_id: str) -> Puzzle:
    puzzle = puzzle_by_id(puzzle_id)
    if puzzle is None:
        raise Http404("No such puzzle.")
    return puzzle


def _next_link(
    learner: Learner | None, puzzle: Puzzle, mode: trainer.Mode, over: bool, back: str
) -> tuple[str, str, bool]:
    """Where a finished puzzle leads, the words, and whether that is a puzzle page (whose puzzle
    then takes this one's place, the table kept in view)."""
    if mode.name == "homework" and back:
        return back, _("Back to your homework"), False
    if mode.name == "streak":
        label = _("Start a new streak") if over else _("Next puzzle")
        return reverse("puzzles:streak"), label, True
    if mode.name == "retry":
        later = trainer.next_missed(learner, after=puzzle.id)
        if later is None:
            return reverse("puzzles:retry"), _("Back to your misses"), False
        return _puzzle_url(later, "retry"), _("Next missed puzzle"), True
    if mode.name == "learn":
        return reverse("puzzles:learn"), _("Next puzzle"), True
    if mode.name == "rated":
        return reverse("puzzles:trainer"), _("Next puzzle"), True
    return reverse("puzzles:trainer"), _("Train with rated puzzles"), True


def _puzzle_url(puzzle: Puzzle, mode: str = "") -> str:
    url = reverse("puzzles:puzzle", args=[puzzle.id])
    return f"{url}?mode={mode}" if mode else url


def rating_change_words(recorded: trainer.Recorded | None) -> str:
    """ "Your puzzle rating: 1500 → 1488 (−12)", said with a wrong play's feedback on the table
    (under the hand, where the player looks), or nothing if the answer was not rated."""
    if recorded is None or recorded.rating_before is None or recorded.rating_after is None:
        return ""
    change = round(recorded.change)
    return _("Your puzzle rating: %(before)s → %(after)s (%(change)s)") % {
        "before": round(recorded.rating_before),
        "after": round(recorded.rating_after),
        "change": f"+{change}" if change >= 0 else f"−{-change}",
    }


def puzzle_context(
    request: HttpRequest,
    puzzle: Puzzle,
    mode: trainer.Mode,
    answer_url: str,
    share_url: str,
    outcome: Outcome | None = None,
    recorded: trainer.Recorded | None = None,
    picked: Picked = NOTHING_PICKED,
    said_yes: bool = False,
    back: str = "",
    play_on_url: str = "",
) -> dict[str, Any]:
    """Everything the puzzle body draws, before or after an answer. In a rated mode only the
    aim is told, and the table lists no card's plays; the theme and task come once it is over.
    A teacher's own puzzle gives its ``play_on_url``; a collection puzzle's is its id's."""
    learner = current_learner(request, create=False)
    question = puzzle.question
    finished = outcome is not None and outcome.final
    in_collection = puzzle_by_id(puzzle.id) is not None
    said_yes = said_yes or bool(outcome and outcome.asks_play)
    next_url, next_label, next_swaps = _next_link(
        learner, puzzle, mode, bool(recorded and recorded.streak_over), back
    )
    hidden = {"mode": mode.name} | ({"said": "yes"} if said_yes else {})
    hidden |= {"back": back} if back else {}
    player = trainer.player_for(learner) if learner is not None else None
    shown = question.shown(outcome)
    assert shown is not None  # a puzzle always has its table
    counts_unseen = seen.reads_unseen(puzzle)
    asking = question.asking(
        answer_url,
        "#puzzle-body",
        hidden=hidden,
        outcome=outcome,
        picked=picked,
        plain_words=True,  # a chosen card's plays said plainly: "a sweep!" gives it away
        said_yes=said_yes,
        note="" if finished else rating_change_words(recorded),
        assist=mode.assisted,
    )
    return {
        "puzzle": puzzle,
        "theme_title": theme_title(puzzle.theme),
        "mode": mode,
        "told": mode.assisted,
        "task": task_text(puzzle),
        "aim": aims.rated_prompt(puzzle) if in_collection else task_text(puzzle),
        "show_theme": mode.assisted or finished,
        "rates": mode.rated and in_collection,
        "rated_now": mode.rated and in_collection and not trainer.met_before(learner, puzzle),
        "answer_url": answer_url,
        "share_url": request.build_absolute_uri(share_url),
        "outcome": outcome,
        "recorded": recorded,
        "finished": finished,
        "answers": question.reveal().answers if finished else (),
        "puzzle_rating": trainer.rating_of_puzzle(puzzle) if finished else None,
        "open_hands": question.open_hands(shown),
        "cards_seen": seen.cards_seen(shown.position, question.viewer) if counts_unseen else (),
        "first_try": trainer.first_try(learner, puzzle),
        "player": player,
        "next_url": next_url,
        "next_label": next_label,
        "next_swaps": next_swaps,
        "hidden": hidden,
        "asking": asking,
        "offers_play_on": finished or mode.assisted,
        "can_play_on": play_on.can_play_on(puzzle),
        "play_on_url": play_on_url or reverse("puzzles:play_on", args=[puzzle.id]),
        "play_on_levels": play_on.level_choices(),
        "play_on_level": play_on.DEFAULT_LEVEL,
    }


def _judge(puzzle: Puzzle, data: QueryDict) -> Outcome:
    """Read the answer the page sent and judge it; raises AnswerError on nonsense."""
    if data.get("give_up"):
        return trainer.give_up()
    return puzzle.question.answer(data)


def _back(data: QueryDict) -> str:
    """The page a homework puzzle leads back to: a path on this site only."""
    return local_path(data.get("back") or "")


def _answer(
    request: HtmxHttpRequest,
    puzzle: Puzzle,
    answer_url: str,
    share_url: str,
    page: dict[str, Any],
    play_on_url: str = "",
) -> HttpResponse:
    """Judge a posted answer (or only show what a card can do) and redraw the puzzle."""
    data = request.POST
    mode = trainer.mode_named(data.get("mode"))
    back = _back(data)
    picked = read_picked(data)
    said_yes = data.get("said") == "yes"
    try:
        if data.get("show"):
            if not mode.assisted:
                return HttpResponseBadRequest(_("A rated puzzle does not list a card's plays."))
            outcome = puzzle.question.resume(data)
            recorded = None
        else:
            outcome = _judge(puzzle, data)
            learner = current_learner(request)
            assert learner is not None
            recorded = trainer.record(learner, puzzle, outcome, mode.name)
    except AnswerError as error:
        return HttpResponseBadRequest(
            _("That answer could not be read: %(error)s") % {"error": error}
        )
    context = puzzle_context(
        request,
        puzzle,
        mode,
        answer_url,
        share_url,
        outcome=outcome,
        recorded=recorded,
        picked=picked,
        said_yes=said_yes,
        back=back,
        play_on_url=play_on_url,
    )
    template = BODY if request.htmx else "puzzles/puzzle.html"
    return render(request, template, page | context)


def _page(heading: str, **extra: Any) -> dict[str, Any]:
    return {"heading": heading, **extra}


def _heading(puzzle: Puzzle, mode: trainer.Mode) -> str:
    """A puzzle page's heading names its theme only where the theme is told first."""
    if mode.assisted:
        return _("Puzzle: %(theme)s") % {"theme": theme_title(puzzle.theme)}
    return _("Puzzle")


# ---- the trainer and its modes -------------------------------------------------------------


def _trainer_page(
    request: HttpRequest, puzzle: Puzzle | None, mode: trainer.Mode, learner: Learner | None
) -> HttpResponse:
    player = trainer.player_for(learner) if learner is not None else None
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "player": player,
        "themes": THEMES.values(),
        "chosen": set(player.themes) if player else set(),
        "missed": len(trainer.missed(learner)),
        "mode": mode,
    }
    if puzzle is not None:
        url = reverse("puzzles:puzzle", args=[puzzle.id])
        answer_url = reverse("puzzles:answer", args=[puzzle.id])
        context |= puzzle_context(request, puzzle, mode, answer_url, url)
    return render(request, "puzzles/trainer.html", context)


@require_GET
def puzzles(request: HttpRequest) -> HttpResponse:
    """The trainer: the next puzzle near the learner's rating, themes mixed, only the aim told."""
    learner = current_learner(request, create=False)
    return _trainer_page(request, trainer.next_puzzle(learner), trainer.MODES["rated"], learner)


@require_GET
def learn(request: HttpRequest) -> HttpResponse:
    """Learn mode: unrated, the theme and task told, and the table lists a card's plays."""
    learner = current_learner(request, create=False)
    return _trainer_page(request, trainer.learn_puzzle(learner), trainer.MODES["learn"], learner)


@require_POST
def choose_themes(request: HttpRequest) -> HttpResponse:
    learner = current_learner(request)
    assert learner is not None
    trainer.choose_themes(learner, request.POST.getlist("theme"))
    return redirect("puzzles:learn" if request.POST.get("mode") == "learn" else "puzzles:trainer")


@require_GET
def streak(request: HttpRequest) -> HttpResponse:
    """Streak mode: harder and harder puzzles until the first miss."""
    learner = current_learner(request, create=False)
    puzzle = trainer.streak_puzzle(learner)
    if puzzle is None:
        raise Http404("No puzzles.")
    return _mode_page(request, puzzle, trainer.MODES["streak"], _("Puzzle streak"))


@require_GET
def daily(request: HttpRequest) -> HttpResponse:
    """The daily puzzle: the same for everyone on a date."""
    today = timezone.localdate()
    puzzle = trainer.daily_puzzle(today)
    return _mode_page(request, puzzle, trainer.MODES["daily"], _("Daily puzzle"), day=today)


def _mode_page(
    request: HttpRequest,
    puzzle: Puzzle,
    mode: trainer.Mode,
    heading: str,
    back: str = "",
    **extra: Any,
) -> HttpResponse:
    url = reverse("puzzles:puzzle", args=[puzzle.id])
    answer_url = reverse("puzzles:answer", args=[puzzle.id])
    context = _page(heading, **extra) | puzzle_context(
        request, puzzle, mode, answer_url, url, back=back
    )
    return render(request, "puzzles/puzzle.html", context)


def _link_mode(request: HttpRequest) -> trainer.Mode:
    """The mode a puzzle's link asks for: a retry, learning, homework, or rated by default."""
    name = request.GET.get("mode")
    return (
        trainer.MODES[name] if name in ("retry", "learn", "homework") else trainer.MODES["single"]
    )


@require_GET
def puzzle(request: HttpRequest, puzzle_id: str) -> HttpResponse:
    """One puzzle by its shareable link (also the page misses are retried on, and where homework
    sends its puzzles: ``?mode=homework&back=<the homework's page>``)."""
    found = _collection_puzzle(puzzle_id)
    mode = _link_mode(request)
    return _mode_page(request, found, mode, _heading(found, mode), back=_back(request.GET))


@require_POST
def puzzle_answer(request: HtmxHttpRequest, puzzle_id: str) -> HttpResponse:
    found = _collection_puzzle(puzzle_id)
    url = reverse("puzzles:puzzle", args=[found.id])
    answer_url = reverse("puzzles:answer", args=[found.id])
    heading = _heading(found, trainer.mode_named(request.POST.get("mode")))
    return _answer(request, found, answer_url, url, _page(heading))


@require_POST
def puzzle_play_on(request: HttpRequest, puzzle_id: str) -> HttpResponse:
    """Play the puzzle's deal on against the bots: its position handed to the practice table."""
    found = _collection_puzzle(puzzle_id)
    return _play_on(request, found, reverse("puzzles:puzzle", args=[found.id]))


def _play_on(request: HttpRequest, found: Puzzle, back_url: str) -> HttpResponse:
    level = request.POST.get("level") or play_on.DEFAULT_LEVEL
    if level not in play_on.LEVEL_WORDS:
        return HttpResponseBadRequest(_("The bots play at beginner, casual, skilled or expert."))
    if not play_on.can_play_on(found):
        return HttpResponseBadRequest(
            _("This puzzle cannot be played on: the other seats have no cards to play.")
        )
    play_on.start(request.session, found, level, back_url)
    return redirect("tables:play_on")


@require_GET
def retry(request: HttpRequest) -> HttpResponse:
    """The puzzles whose first try failed and that are not put right yet."""
    learner = current_learner(request, create=False)
    misses = [
        (attempt, found, task_text(found))
        for attempt in trainer.missed(learner)
        if (found := puzzle_by_id(attempt.puzzle)) is not None
    ]
    first = _puzzle_url(misses[0][1], "retry") if misses else None
    return render(request, "puzzles/retry.html", {"misses": misses, "first": first})


@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """Rating, strong and weak themes, and the history of first tries."""
    learner = current_learner(request, create=False)
    return render(request, "puzzles/dashboard.html", {"d": trainer.dashboard(learner)})


# ---- the editor and teachers' own puzzles --------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def editor_new(request: HttpRequest) -> HttpResponse:
    """Set up a position and a task; the engine checks it as it is typed (``editor_check``)."""
    form = editor.PuzzleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        custom = editor.save(form, request.user)
        return redirect("puzzles:custom", link=custom.link)
    return render(request, "puzzles/editor.html", _editor_context(form))


def _editor_context(form: editor.PuzzleForm, custom: CustomPuzzle | None = None) -> dict[str, Any]:
    saved_problems = editor.recheck(custom) if custom is not None and not form.is_bound else []
    return {"form": form, "custom": custom, "saved_problems": saved_problems} | _check_context(form)


def _check_context(form: editor.PuzzleForm) -> dict[str, Any]:
    """The engine's verdict on the form: its errors, or the answers and the table."""
    if not form.is_bound or not form.is_valid():
        return {"checked": form.is_bound, "form": form}
    found: Puzzle = form.cleaned_data["puzzle"]
    view = Deal.from_position(found.position).view_for(found.seat)
    return {
        "checked": True,
        "form": form,
        "draft": found,
        "answers": found.question.reveal().answers,
        "legal_count": sum(1 for _ in found.position.legal_moves()),
        "open_hands": found.question.open_hands(),
        "table": Table(t=table_view(view)),
    }


@login_required
@require_POST
def editor_check(request: HttpRequest) -> HttpResponse:
    form = editor.PuzzleForm(request.POST)
    return render(request, "puzzles/editor.html#check", _check_context(form))


@login_required
@require_GET
def my_puzzles(request: HttpRequest) -> HttpResponse:
    """The author's puzzles, each checked again: those that need a fix say so."""
    mine = CustomPuzzle.objects.listed(request.user.pk)
    return render(request, "puzzles/mine.html", {"puzzles": [(p, editor.recheck(p)) for p in mine]})


def _custom(request: HttpRequest, link: str, owner_only: bool = False) -> CustomPuzzle:
    """A teacher's puzzle by its link: others may see it only if shared, and never change it."""
    custom = get_object_or_404(CustomPuzzle, link=link)
    mine = request.user.is_authenticated and custom.owner_id == request.user.pk
    if not mine and not custom.shared:
        raise Http404("No such puzzle.")
    if owner_only and not mine:
        raise PermissionDenied("Only its author may change this puzzle.")
    return custom


def _custom_urls(custom: CustomPuzzle) -> tuple[str, str, str]:
    """Where a teacher's puzzle is answered, shared and played on: all by its link."""
    return (
        reverse("puzzles:custom_answer", args=[custom.link]),
        reverse("puzzles:custom", args=[custom.link]),
        reverse("puzzles:custom_play_on", args=[custom.link]),
    )


def _needs_fix(
    request: HttpRequest, custom: CustomPuzzle, problems: list[str], status: int
) -> HttpResponse:
    """A teacher's puzzle the engine no longer verifies: not to be answered; its author is told
    why, with the way to fix it."""
    mine = request.user.is_authenticated and custom.owner_id == request.user.pk
    context = {"custom": custom, "problems": problems if mine else [], "mine": mine}
    return render(request, "puzzles/needs_fix.html", context, status=status)


@require_GET
def custom_by_number(request: HttpRequest, pk: int) -> HttpResponse:
    """A puzzle's address from before links were random: its author is sent on to the link;
    to anyone else it shows nothing, as counting row numbers must find nothing."""
    custom = get_object_or_404(CustomPuzzle, pk=pk, owner_id=request.user.pk)
    return redirect("puzzles:custom", link=custom.link)


@require_GET
def custom_puzzle(request: HttpRequest, link: str) -> HttpResponse:
    custom = _custom(request, link)
    problems = editor.recheck(custom)
    if problems:
        return _needs_fix(request, custom, problems, 200)
    answer_url, url, play_on_url = _custom_urls(custom)
    mode = _link_mode(request)
    puzzle = editor.to_puzzle(custom)
    context = _page(custom.title, custom=custom) | puzzle_context(
        request, puzzle, mode, answer_url, url, back=_back(request.GET), play_on_url=play_on_url
    )
    return render(request, "puzzles/puzzle.html", context)


@require_POST
def custom_answer(request: HtmxHttpRequest, link: str) -> HttpResponse:
    custom = _custom(request, link)
    problems = editor.recheck(custom)
    if problems:
        return _needs_fix(request, custom, problems, 410)  # gone until its author fixes it
    answer_url, url, play_on_url = _custom_urls(custom)
    page = _page(custom.title, custom=custom)
    return _answer(request, editor.to_puzzle(custom), answer_url, url, page, play_on_url)


@require_POST
def custom_play_on(request: HttpRequest, link: str) -> HttpResponse:
    custom = _custom(request, link)
    problems = editor.recheck(custom)
    if problems:
        return _needs_fix(request, custom, problems, 410)
    return _play_on(request, editor.to_puzzle(custom), reverse("puzzles:custom", args=[link]))


@login_required
@require_http_methods(["GET", "POST"])
def custom_edit(request: HttpRequest, link: str) -> HttpResponse:
    custom = _custom(request, link, owner_only=True)
    if request.method == "POST":
        form = editor.PuzzleForm(request.POST)
        if form.is_valid():
            editor.save(form, request.user, custom)
            return redirect("puzzles:custom", link=custom.link)
    else:
        form = editor.PuzzleForm(initial=editor.initial_for(custom))
    return render(request, "puzzles/editor.html", _editor_context(form, custom))


@login_required
@require_http_methods(["GET", "POST"])
def custom_delete(request: HttpRequest, link: str) -> HttpResponse:
    """Asks first, naming what uses the puzzle; the confirmed POST deletes it, or archives it
    while homework still sends students to it."""
    custom = _custom(request, link, owner_only=True)
    if request.method != "POST" or request.POST.get("confirm") != "yes":
        context = {"custom": custom, "uses": editor.uses(custom)}
        return render(request, "puzzles/delete.html", context)
    if editor.delete(custom):
        messages.success(request, _("“%(title)s” is deleted.") % {"title": custom.title})
    else:
        messages.success(
            request,
            _("“%(title)s” is archived: it leaves your lists, and what uses it keeps it.")
            % {"title": custom.title},
        )
    return redirect("puzzles:mine")
