"""A small HTML reader for asserting on page structure without a browser."""

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    ancestors: tuple[str, ...] = ()
    text: str = ""
    open: bool = field(default=True, repr=False)


VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        ancestors = tuple(element.tag for element in self.elements if element.open)
        self.elements.append(Element(tag, attributes, ancestors, open=tag not in VOID_TAGS))

    def handle_endtag(self, tag: str) -> None:
        for element in reversed(self.elements):
            if element.tag == tag and element.open:
                element.open = False
                break

    def handle_data(self, data: str) -> None:
        for element in self.elements:
            if element.open:
                element.text += data


def elements(html: str | bytes, tag: str | None = None, **attrs: str) -> list[Element]:
    """Elements of ``html`` with the given tag and attribute values (``class_`` for class)."""
    collector = _Collector()
    collector.feed(html.decode() if isinstance(html, bytes) else html)
    wanted = {name.rstrip("_").replace("_", "-"): value for name, value in attrs.items()}
    return [
        element
        for element in collector.elements
        if (tag is None or element.tag == tag)
        and all(element.attrs.get(name) == value for name, value in wanted.items())
    ]


def text_of(element: Element) -> str:
    """The element's text with runs of white space made single spaces."""
    return " ".join(element.text.split())
