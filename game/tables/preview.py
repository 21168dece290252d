"""The picture a shared match's link shows (its Open Graph image): a felt table, the site's
name, the result in big type and a row of the last deal's cards, 1200×630 PNG.

Pure drawing from plain data: no Django, no engine, no fonts of the machine's (Pillow's own
default font, at any size), suits drawn as shapes. The picture is the same in every language,
so it says as little as it can in words, in Latin letters and numbers only. The same data
always gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
SCALE = 2  # drawn twice as large, then shrunk: smooth edges without antialiased shapes

FELT = (28, 102, 58)
FELT_DARK = (17, 72, 40)
RIM = (92, 58, 32)
CREAM = (246, 240, 222)
GOLD = (240, 200, 90)
CARD = (255, 255, 255)
CARD_EDGE = (190, 190, 182)
SHADOW = (12, 50, 28)
RED = (200, 30, 45)
BLACK = (25, 25, 30)

TEAMS = ("North-South", "East-West")  # the teams' compass names (game.table.seat_names)
PLAYERS = ("South", "North")  # two-player Seep's two seats (RULES.md V1)
RANKS = {"A": "A", "T": "10", "J": "J", "Q": "Q", "K": "K"}
MAX_CARDS = 7

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Picture:
    """What the picture shows. ``winner``: the team that won (0 for North-South), None for a
    level match; ``by_baazis``: the baazis decided it (else the points ahead, ``margin``);
    ``last_deal``: each team's points in the last deal; ``cards``: card texts ("TD", "9H"), the
    last capture's; ``sweeps``: the last deal's sweeps."""

    winner: int | None
    baazis: tuple[int, int]
    by_baazis: bool
    margin: int
    last_deal: tuple[int, int]
    cards: tuple[str, ...]
    sweeps: int
    seats: int = 4  # two: the sides are two players, South and North

    @property
    def headline(self) -> str:
        if self.winner is None:
            return "A level match"
        team, win = (
            (PLAYERS[self.winner], "wins") if self.seats == 2 else (TEAMS[self.winner], "win")
        )
        if self.by_baazis:
            won, lost = self.baazis[self.winner], self.baazis[1 - self.winner]
            return f"{team} {win} {won}-{lost}"
        return f"{team} {win} by {self.margin}"

    @property
    def subline(self) -> str:
        first, second = self.last_deal
        sweeps = "1 sweep" if self.sweeps == 1 else f"{self.sweeps} sweeps"
        return f"Last deal {first}-{second}  \u00b7  {sweeps}"


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size * SCALE)


def _s(*values: float) -> tuple[float, ...]:
    return tuple(v * SCALE for v in values)


def _at(x: float, y: float) -> tuple[float, float]:
    return x * SCALE, y * SCALE


def draw_preview(picture: Picture) -> bytes:
    """The PNG bytes of ``picture``."""
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), FELT_DARK)
    draw = ImageDraw.Draw(image)
    _table(draw)
    _brand(draw)
    _centred(draw, picture.headline, 208, 76, CREAM)
    _centred(draw, picture.subline, 284, 34, GOLD)
    _cards(draw, picture.cards[:MAX_CARDS])
    small = image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, format="PNG")
    return out.getvalue()


def _table(draw: ImageDraw.ImageDraw) -> None:
    """A wooden rim round the felt, the felt a little lighter towards the middle."""
    draw.rounded_rectangle(_s(24, 24, WIDTH - 24, HEIGHT - 24), radius=60 * SCALE, fill=RIM)
    draw.rounded_rectangle(_s(40, 40, WIDTH - 40, HEIGHT - 40), radius=48 * SCALE, fill=FELT_DARK)
    steps = 12
    for i in range(steps):
        t = i / steps
        colour = tuple(round(d + (f - d) * t) for d, f in zip(FELT_DARK, FELT, strict=True))
        inset = 40 + i * 6
        draw.rounded_rectangle(
            _s(inset, inset, WIDTH - inset, HEIGHT - inset),
            radius=max(48 - i * 2, 12) * SCALE,
            fill=(colour[0], colour[1], colour[2]),
        )


def _brand(draw: ImageDraw.ImageDraw) -> None:
    _suit(draw, "S", (96, 104), 40, CREAM)
    draw.text(_at(128, 104), "Seep School", font=_font(40), fill=CREAM, anchor="lm")


def _centred(
    draw: ImageDraw.ImageDraw, text: str, y: float, size: int, colour: tuple[int, int, int]
) -> None:
    draw.text(_at(WIDTH / 2, y), text, font=_font(size), fill=colour, anchor="mm")


def _cards(draw: ImageDraw.ImageDraw, cards: Sequence[str]) -> None:
    if not cards:
        return
    width, height, gap = 128, 180, 22
    total = len(cards) * width + (len(cards) - 1) * gap
    left = (WIDTH - total) / 2
    top = 350
    for n, text in enumerate(cards):
        x = left + n * (width + gap)
        _card(draw, text, (x, top, x + width, top + height))


def _card(draw: ImageDraw.ImageDraw, text: str, box: Box) -> None:
    """One card face: a white rounded card, the rank in two corners, the suit under each and
    large in the middle."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(_s(x0 + 5, y0 + 7, x1 + 5, y1 + 7), radius=14 * SCALE, fill=SHADOW)
    draw.rounded_rectangle(
        _s(x0, y0, x1, y1), radius=14 * SCALE, fill=CARD, outline=CARD_EDGE, width=2 * SCALE
    )
    rank, suit = RANKS.get(text[0], text[0]), text[1]
    colour = RED if suit in "HD" else BLACK
    font = _font(30)
    draw.text(_at(x0 + 20, y0 + 24), rank, font=font, fill=colour, anchor="mm")
    _suit(draw, suit, (x0 + 20, y0 + 52), 18, colour)
    draw.text(_at(x1 - 20, y1 - 24), rank, font=font, fill=colour, anchor="mm")
    _suit(draw, suit, (x1 - 20, y1 - 52), 18, colour)
    _suit(draw, suit, ((x0 + x1) / 2, (y0 + y1) / 2), 64, colour)


def _suit(
    draw: ImageDraw.ImageDraw,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: tuple[int, int, int],
) -> None:
    """A suit as shapes, ``size`` across, centred on ``centre`` (page units)."""
    cx, cy = centre[0] * SCALE, centre[1] * SCALE
    r = size * SCALE / 2

    def circle(x: float, y: float, radius: float) -> None:
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)

    if suit == "D":
        draw.polygon([(cx, cy - r), (cx + r * 0.72, cy), (cx, cy + r), (cx - r * 0.72, cy)], colour)
    elif suit == "H":
        lobe = r * 0.52
        circle(cx - lobe * 0.92, cy - r * 0.38, lobe)
        circle(cx + lobe * 0.92, cy - r * 0.38, lobe)
        draw.polygon(
            [(cx - r * 0.98, cy - r * 0.22), (cx + r * 0.98, cy - r * 0.22), (cx, cy + r * 0.95)],
            colour,
        )
    elif suit == "S":
        lobe = r * 0.48
        circle(cx - lobe * 0.92, cy + r * 0.18, lobe)
        circle(cx + lobe * 0.92, cy + r * 0.18, lobe)
        draw.polygon(
            [(cx - r * 0.9, cy + r * 0.02), (cx + r * 0.9, cy + r * 0.02), (cx, cy - r * 0.98)],
            colour,
        )
        _stem(draw, cx, cy, r, colour)
    else:  # clubs
        leaf = r * 0.36
        circle(cx, cy - r * 0.5, leaf)
        circle(cx - r * 0.48, cy + r * 0.1, leaf)
        circle(cx + r * 0.48, cy + r * 0.1, leaf)
        circle(cx, cy, leaf * 0.6)
        _stem(draw, cx, cy, r, colour)


def _stem(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: tuple[int, int, int]
) -> None:
    draw.polygon([(cx, cy + r * 0.2), (cx + r * 0.32, cy + r), (cx - r * 0.32, cy + r)], colour)


__all__ = ["HEIGHT", "WIDTH", "Picture", "draw_preview"]
