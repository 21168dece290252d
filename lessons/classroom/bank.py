"""The live question bank: the questions a live class is offered, by the picker and as a whole
lesson.

A live class asks questions, not the course's walkthrough. Of a lesson's steps, the bank keeps
those written as a question (the prompt asks one: "Who is your partner?") and answered with
tiles, and the plays whose goals are aims the engine judges (a sweep, the most points, a safe
floor, a sure house, the best ending) rather than the play itself ("Capture the 7♠ with your
7♥"); of the collection, every puzzle, each a task by design. It keeps none whose prompt gives
its answer away (``gives_away``) and no play question that refuses a play the engine cannot tell
from a right one (``equally_good_refused``). Judged in English, the content's own language, so
the bank is the same in every language. A teacher's own puzzles are theirs to judge.
"""

from __future__ import annotations

import re
from functools import cache

from django.utils import translation

from game.engine import Move, Position, move_from_str
from lessons.classroom.questions import Asked, resolve
from lessons.exercises import points_taken
from lessons.keys import ExerciseKey, ExerciseKeyError
from lessons.questions import PlayQuestion

# Goals that say what to achieve, each judged by the engine, and not which play makes it.
AIMS = frozenset({"sweep", "most-points", "safe", "sure-house", "weigh", "best"})
MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-"})


def _names(text: str, words: str) -> bool:
    """Whether ``text`` says ``words`` as words of its own (not "20" inside "-20" or "120")."""
    pattern = r"(?<![\w-])" + re.escape(words.translate(MINUS_SIGNS).strip(" .")) + r"(?!\w)"
    return re.search(pattern, text.translate(MINUS_SIGNS), re.IGNORECASE) is not None


def _card_of(play: str) -> str:
    """The card a recorded play plays ("" for a bid)."""
    card = getattr(move_from_str(play), "card", None)
    return card.short if card is not None else ""


def gives_away(asked: Asked) -> str:
    """What in the prompt a class reads gives the answer away ("" when nothing does): a right
    tile named while some wrong one is not ("ordinary or cemented?" names both, and asks), or
    the card a right play is made with ("Capture the 7♠ with your 7♥", "Take everything with
    your 10♥")."""
    question = asked.question
    prompt = asked.prompt
    tiles = question.tiles()
    wrong_all_named = all(_names(prompt, tile.words) for tile in tiles if not tile.right)
    for tile in tiles:
        if tile.right and _names(prompt, tile.words) and not wrong_all_named:
            return tile.words
    if question.on_table:
        for play in question.right_plays():
            if play in {tile.play for tile in tiles}:
                continue
            card = _card_of(play)
            if card and _names(prompt, card):
                return asked.play_words(play)
    return ""


def _outcome(position: Position, move: Move) -> tuple[object, ...]:
    """What a play comes to, as the engine counts it: the points it takes now (sweep included),
    and the table it leaves: the cards on the floor, the houses, and the hand, by value and
    points (one 7 is as good as another, the 10♦ is not)."""
    after = position.apply_unchecked(move)

    def cards(found: tuple[object, ...]) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((card.rank, card.points) for card in found))  # type: ignore[attr-defined]

    houses = tuple(
        sorted(
            (house.value, house.cemented, tuple(sorted(house.owners)), cards(house.cards))
            for house in after.houses
        )
    )
    return (
        points_taken(position, move),
        cards(after.loose),
        houses,
        cards(after.hands[position.turn]),
    )


def equally_good_refused(asked: Asked) -> list[Move]:
    """The legal plays a play question refuses though the engine finds them as good as a right
    one: the same points now, and the same table after (empty for any other question)."""
    question = asked.question
    if not isinstance(question, PlayQuestion):
        return []
    position = question.position
    right = question.answer_moves()
    good = {_outcome(position, move) for move in right}
    return [
        move for move in question.legal() if move not in right and _outcome(position, move) in good
    ]


def written_as_a_question(asked: Asked) -> bool:
    """A collection puzzle, a lesson step asked with tiles whose prompt asks ("?"), or a lesson
    play whose every goal is an aim; never a step showing a refused play, nor a walkthrough."""
    key = ExerciseKey.parse(asked.key)
    if key.kind == "puzzle":
        return True
    question = asked.question
    if question.tiles() and not question.on_table:
        return "?" in asked.prompt
    if isinstance(question, PlayQuestion):
        aims = all(goal.name in AIMS for goal in question.goals)
        return aims and not question.problems(strict=True)  # a real choice to make
    return False


@cache
def in_the_bank(key: str | ExerciseKey) -> bool:
    """Whether the bank offers this lesson step or collection puzzle (a teacher's own puzzle:
    always, theirs to judge). Worked out once per question, in English."""
    try:
        parsed = key if isinstance(key, ExerciseKey) else ExerciseKey.parse(key)
    except ExerciseKeyError:
        return False
    if parsed.custom_pk is not None:
        return True
    with translation.override("en"):
        asked = resolve(parsed)
        return (
            asked is not None
            and written_as_a_question(asked)
            and not gives_away(asked)
            and not equally_good_refused(asked)
        )
