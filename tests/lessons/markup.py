"""Reading a question's page as it is drawn: the plays it shows as buttons, and what comes where."""

from itertools import pairwise

from tests.web.markup import Element, elements


def offered(html: str | bytes) -> list[tuple[Element, Element]]:
    """Every play the page offers as a button, with its list item. An item with ``data-card``
    lists a hand card's play (``hidden`` until that card is chosen and the picks fit it); one
    without lists a play an ambiguous attempt could mean."""
    return [
        (item, button)
        for item, button in pairwise(elements(html))
        if item.tag == "li" and button.tag == "button" and button.attrs.get("name") == "move"
    ]


def shown(html: str | bytes) -> list[Element]:
    """The play buttons as drawn, without those hidden until another card is chosen."""
    return [button for item, button in offered(html) if "hidden" not in item.attrs]


def place(html: str | bytes, tag: str, **attrs: str) -> int:
    """Where the first element with ``tag`` and ``attrs`` comes in the page, in reading order."""
    wanted = elements(html, tag, **attrs)
    assert wanted, f"no <{tag}> with {attrs}"
    return next(i for i, element in enumerate(elements(html)) if element == wanted[0])
