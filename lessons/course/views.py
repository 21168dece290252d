from itertools import groupby
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from game.engine import DECK, Card, Suit
from game.review_web.theme_practice import practice_url
from game.table.forms import NOTHING_PICKED, Picked, read_picked
from game.table.seen import RankSeen, cards_seen
from game.table.wording import card_label
from game.web.http import HtmxHttpRequest
from lessons.course import progress
from lessons.course.content import Lesson, Step, lesson_by_slug
from lessons.course.models import STAR_KEY
from lessons.learners import current_learner
from lessons.models import Learner
from lessons.questions import AnswerError, Outcome

PART_TITLES = {  # a title for each of PARTS
    "rules": _("The rules"),
    "strategy": _("Strategy"),
    "house-rules": _("House rules"),
}

SUIT_NAMES = {
    Suit.SPADES: _("Spades"),
    Suit.HEARTS: _("Hearts"),
    Suit.DIAMONDS: _("Diamonds"),
    Suit.CLUBS: _("Clubs"),
}


@require_GET
def deck(request: HttpRequest) -> HttpResponse:
    """The whole deck with each card's capture value (R2) and points (R3)."""
    scoring: list[Card] = [card for card in DECK if card.points]
    spades = [card for card in DECK if card.suit is Suit.SPADES]
    context = {
        "suits": [
            (suit, SUIT_NAMES[suit], [card for card in DECK if card.suit is suit]) for suit in Suit
        ],
        "spade_points": sum(card.points for card in spades),
        "other_scoring": [
            (card, card_label(card)) for card in scoring if card.suit is not Suit.SPADES
        ],
        "scoring_count": len(scoring),
        "total_points": sum(card.points for card in scoring),
    }
    return render(request, "course/deck.html", context)


@require_GET
def learn(request: HttpRequest) -> HttpResponse:
    """The lesson map: what is done, with stars, and where to carry on."""
    learner = current_learner(request, create=False)
    entries = progress.lesson_map(learner)
    parts = [
        (PART_TITLES[part], list(group))
        for part, group in groupby(entries, key=lambda entry: entry.lesson.part)
    ]
    return render(
        request,
        "course/learn.html",
        {
            "parts": parts,
            "first_part": parts[0][1],
            "carry_on": progress.continue_entry(entries, learner),
            "star_key": STAR_KEY,
        },
    )


def _lesson(slug: str) -> Lesson:
    lesson = lesson_by_slug(slug)
    if lesson is None:
        raise Http404("No such lesson.")
    return lesson


def _step(lesson: Lesson, number: int) -> Step:
    if not 1 <= number <= len(lesson.steps):
        raise Http404("No such step.")
    return lesson.steps[number - 1]


@require_GET
def lesson_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Carry on where this learner left off."""
    lesson = _lesson(slug)
    entry = next(
        e for e in progress.lesson_map(current_learner(request, create=False)) if e.lesson == lesson
    )
    number = 1 if entry.completed else entry.step
    return redirect("lessons:step", slug=slug, number=number)


@require_POST
def lesson_restart(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = _lesson(slug)
    learner = current_learner(request, create=False)
    if learner is not None:
        progress.restart(learner, lesson)
    return redirect("lessons:step", slug=slug, number=1)


def _step_context(
    lesson: Lesson,
    number: int,
    learner: Learner | None,
    outcome: Outcome | None = None,
    picked: Picked = NOTHING_PICKED,
) -> dict[str, Any]:
    step = _step(lesson, number)
    answer_url = reverse("lessons:answer", args=[lesson.slug, number])
    outcome = step.told(outcome)
    listed = step.listed or number in progress.hinted(learner, lesson)
    return {
        "cards_seen": _cards_seen(step, outcome),
        "lesson": lesson,
        "step": step,
        "number": number,
        "total": len(lesson.steps),
        "answer_url": answer_url,
        "outcome": outcome,
        "asking": step.question.asking(
            answer_url,
            "#step-body",
            outcome=outcome,
            picked=picked,
            submit_label=gettext("Check"),
            show_verdict=True,
            assist=listed,
            hint=gettext("Costs this step's star."),
        ),
        "next_url": (
            reverse("lessons:step", args=[lesson.slug, number + 1])
            if number < len(lesson.steps)
            else reverse("lessons:done", args=[lesson.slug])
        ),
        "previous_url": (
            reverse("lessons:step", args=[lesson.slug, number - 1]) if number > 1 else None
        ),
    }


def _cards_seen(step: Step, outcome: Outcome | None) -> tuple[RankSeen, ...]:
    """The cards seen so far, for a step whose judge counts the cards still out."""
    question = step.question
    record = question.shown(outcome) if question.reads_unseen() else None
    if record is None:
        return ()
    position = record.position
    hand = position.hands[question.viewer]
    return cards_seen(position.loose, position.houses, position.captured, hand)


@require_GET
def lesson_step(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    lesson = _lesson(slug)
    learner = current_learner(request, create=False)
    return render(request, "course/step.html", _step_context(lesson, number, learner))


@require_POST
def lesson_answer(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    """Judge an answer (every kind of step posts here) and show the verdict."""
    lesson = _lesson(slug)
    step = _step(lesson, number)
    if not step.question.asks:
        progress.record_step(_learner(request), lesson, number)
        target = (
            reverse("lessons:step", args=[slug, number + 1])
            if number < len(lesson.steps)
            else reverse("lessons:done", args=[slug])
        )
        return redirect(target)
    picked = read_picked(request.POST)
    if request.POST.get("show"):  # "What can this card do?": a hint, where plays are not listed
        learner = current_learner(request, create=step.question.assisted and not step.listed)
        if learner is not None and step.question.assisted and not step.listed:
            progress.record_hint(learner, lesson, number)
        context = _step_context(lesson, number, learner, picked=picked)
    else:
        try:
            outcome = step.question.answer(request.POST)
        except AnswerError as error:
            return HttpResponseBadRequest(
                gettext("That answer could not be read: %(error)s") % {"error": error}
            )
        learner = current_learner(request, create=outcome.counts)
        if outcome.counts:  # only a real answer makes this browser a learner
            assert learner is not None
            progress.record_step(learner, lesson, number, outcome)
        context = _step_context(lesson, number, learner, outcome, picked=picked)
    template = "course/step.html#step_body" if request.htmx else "course/step.html"
    return render(request, template, context)


def _learner(request: HttpRequest) -> Learner:
    learner = current_learner(request)
    assert learner is not None  # made on first need
    return learner


@require_GET
def lesson_done(request: HttpRequest, slug: str) -> HttpResponse:
    lesson = _lesson(slug)
    learner = current_learner(request, create=False)
    entries = progress.lesson_map(learner)
    entry = next(e for e in entries if e.lesson == lesson)
    later = [e for e in entries if e.lesson.number > lesson.number]
    context = {
        "entry": entry,
        "next_entry": later[0] if later else None,
        "unanswered": [] if entry.completed else progress.unanswered(learner, lesson),
        "star_key": STAR_KEY,
        "practice_url": practice_url() if lesson.puzzles else "",
        "table_url": _practice_table_url(lesson),
    }
    return render(request, "course/done.html", context)


def _practice_table_url(lesson: Lesson) -> str:
    """The practice table's form, set to the house rules the lesson taught."""
    url = reverse("tables:practice")
    return url if lesson.table_rules == "standard" else f"{url}?rules={lesson.table_rules}"
