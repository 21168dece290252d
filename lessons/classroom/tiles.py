"""A live question's answers as tiles: the same number, shape and colour on the projector, on the
teacher's screen and on every phone, so that "the red triangle" is the same answer everywhere and
colour is never the only sign. Whether a tile is right is drawn only after the reveal."""

from __future__ import annotations

from dataclasses import dataclass

from lessons.classroom.questions import Asked

SHAPES = ("▲", "◆", "●", "■", "★", "⬟")  # with the colours of classroom.css's .tile-1 … .tile-6


@dataclass(frozen=True)
class TileView:
    """One tile as a page draws it: its number, shape and words, the field it posts, whether
    this student chose it, and (after the reveal only) whether it is right."""

    number: int  # 1, 2, …
    words: str
    name: str
    value: str
    chosen: bool = False
    right: bool | None = None

    @property
    def shape(self) -> str:
        return SHAPES[(self.number - 1) % len(SHAPES)]

    @property
    def colour(self) -> int:
        """Which of the six colours: 1 to 6, in turn."""
        return (self.number - 1) % len(SHAPES) + 1


def tiles_of(asked: Asked, chosen: str = "", revealed: bool = False) -> list[TileView]:
    """The question's tiles in order; ``chosen``: the answer this student gave (as recorded);
    ``revealed``: say which are right."""
    found = []
    for number, tile in enumerate(asked.question.tiles(), 1):
        ((name, value),) = tile.form.items()
        found.append(
            TileView(
                number,
                tile.words,
                name,
                str(value),
                chosen=bool(chosen) and tile.play == chosen,
                right=tile.right if revealed else None,
            )
        )
    return found


def tile_of(asked: Asked, play: str) -> TileView | None:
    """The tile a recorded answer was given with, if it was a tile."""
    return next((tile for tile in tiles_of(asked, play) if tile.chosen), None)
