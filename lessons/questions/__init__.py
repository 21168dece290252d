"""Questions, one small class per kind (DESIGN.md "one exercise, judged once"): each checks its
own data against the engine, reads and judges its answer into one ``Outcome``, says what it
reveals and how a recorded answer reads, and draws itself with its own partial."""

from lessons.questions.answers import (
    ChoiceQuestion,
    CountQuestion,
    LegalQuestion,
    Pile,
    QuizQuestion,
    ReadStep,
)
from lessons.questions.base import (
    CITABLE_RULE_IDS,
    HOUSE_RULE_IDS,
    RULE_IDS,
    AnswerError,
    Asking,
    Form,
    Outcome,
    Question,
    Reveal,
    Tile,
    cited_rules,
    rule_order,
)
from lessons.questions.plays import (
    EndingQuestion,
    IllegalQuestion,
    LineQuestion,
    PlayQuestion,
    SaysPossible,
    YesNoQuestion,
)

__all__ = [
    "CITABLE_RULE_IDS",
    "HOUSE_RULE_IDS",
    "RULE_IDS",
    "AnswerError",
    "Asking",
    "ChoiceQuestion",
    "CountQuestion",
    "EndingQuestion",
    "Form",
    "IllegalQuestion",
    "LegalQuestion",
    "LineQuestion",
    "Outcome",
    "Pile",
    "PlayQuestion",
    "Question",
    "QuizQuestion",
    "ReadStep",
    "Reveal",
    "SaysPossible",
    "Tile",
    "YesNoQuestion",
    "cited_rules",
    "rule_order",
]
