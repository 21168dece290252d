"""Reading a page for its rule citations: which are links to their rule, and which are not."""

from html.parser import HTMLParser

from game.table.citations import CITATION

RULE_NUMBERS = {"R": range(1, 36), "V": range(1, 9)}  # RULES.md's rules, and its house rules
UNREAD = {"script", "style", "title"}  # text a reader never sees as prose


class _Citations(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.href: str | None = None  # inside a link: where it goes
        self.unread = 0
        self.wrong: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.href = dict(attrs).get("href") or ""
        elif tag in UNREAD:
            self.unread += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self.href = None
        elif tag in UNREAD:
            self.unread -= 1

    def handle_data(self, data: str) -> None:
        if self.unread:
            return
        for match in CITATION.finditer(data):
            kind = match["kind"]
            cited = [int(n) for n in (match["first"], match["last"]) if n]
            start = max(0, match.start() - 40)
            context = " ".join(data[start : match.end() + 20].split())
            if self.href is None:
                self.wrong.append(f"not a link: …{context}…")
            elif len(cited) != 1 or not self.href.endswith(f"#{kind}{cited[0]}"):
                self.wrong.append(f"a link to {self.href!r}, not to its rule: {match[0]}")
            elif cited[0] not in RULE_NUMBERS[kind]:
                self.wrong.append(f"a link to a rule that does not exist: {match[0]}")


def citations_not_linked(html: str | bytes) -> list[str]:
    """Every citation in a page's text that is not a link to the rule it names."""
    reader = _Citations()
    reader.feed(html.decode() if isinstance(html, bytes) else html)
    reader.close()
    return reader.wrong
