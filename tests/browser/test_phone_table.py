"""The table as a phone game: a whole deal at the practice table against fast Casual bots on a
390×720 touch screen, played by tapping and never scrolled by hand; joining a table.

At each of the person's turns the test looks before it touches: the hand, the floor, the score
strip and the card each other seat played since the person's last play (left at its seat) are
on screen; then it makes the Casual bot's choice for the person's seat by tapping, a card with
one play in one tap, any other in two (the card, then its choice, in view)."""

import re
import time
from collections.abc import Callable
from importlib import import_module

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import BrowserContext, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from game.engine import Bid, Capture, CardMove, Move
from game.tables import seeds, service
from game.tables.models import Game
from game.web.handover import Handover, hand_over
from tests.browser.keyboard import settle
from tests.browser.test_practice import (
    SCREENSHOT_DIR,
    board_version,
    the_game,
    wait_for_a_new_board,
    wait_for_my_turn,
)
from tests.tables.practice.deals import THE_HUMAN_BIDS, deal_games_from
from tests.tables.practice.helpers import HUMAN

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 720}  # a 390×844 phone less its browser's bars
DESKTOP = {"width": 1366, "height": 900}


@pytest.fixture
def context(open_context: Callable[..., BrowserContext]) -> BrowserContext:
    return open_context(viewport=PHONE, has_touch=True, is_mobile=True)


def on_screen(page: Page, element: Locator) -> bool:
    """Wholly inside the screen as it stands: no scrolling needed to see or tap it."""
    box = element.bounding_box()
    assert box is not None, element
    height = page.viewport_size["height"] if page.viewport_size else PHONE["height"]
    return box["y"] >= 0 and box["y"] + box["height"] <= height and box["height"] > 0


def others_played_since_my_last_play() -> set[int]:
    """The seats (other than the person's) that made a card play since the person's last one."""
    _, state = the_game()
    seats: set[int] = set()
    for play in reversed(state.current.history):
        if play.seat == HUMAN:
            break
        if not isinstance(play.move, Bid):
            seats.add(play.seat)
    return seats


def assert_the_table_is_in_view(page: Page) -> None:
    for part in (".hand", ".floor", ".seep-table .scores", ".table-status"):
        assert on_screen(page, page.locator(part).first), f"{part} is off screen"
    ticker = page.locator("#table-ticker")  # once there is a play to tell
    assert ticker.count() == 0 or on_screen(page, ticker), "the ticker is off screen"
    for card in page.locator(".pick-hand").all():
        assert on_screen(page, card), "a card of the hand is off screen"
    fresh = page.locator(".seat-last.is-new")
    assert fresh.count() == len(others_played_since_my_last_play())
    for last in fresh.all():
        assert on_screen(page, last), "a seat's last play is off screen"


def tap_to_make(page: Page, move: Move) -> int:
    """Make ``move`` by tapping controls that are on screen; returns the taps it took."""
    if isinstance(move, Bid):
        bid = page.locator(f'.bid-row button[value="{move}"]')
        assert on_screen(page, bid)
        bid.tap()
        return 1
    assert isinstance(move, CardMove)
    card = page.locator(f'.pick-hand:has(input[value="{move.card}"])')
    assert on_screen(page, card)
    plays_of_the_card = page.locator(f'.option-list li[data-card="{move.card}"]').count()
    version = board_version(page)
    card.tap()
    if plays_of_the_card == 1:
        return 1  # played at once: no choice to make
    choice = page.locator(f'.option-list button[value="{move}"]')
    expect(choice).to_be_visible()
    assert on_screen(page, choice), "the choice is off screen"
    assert board_version(page) == version  # nothing was played by the first tap
    choice.tap()
    return 2


def test_a_whole_deal_by_tapping_on_a_phone(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)
    page.goto(live_server.url + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    page.get_by_role("button", name="Deal the cards").tap()
    taps: list[int] = []
    one_play_cards = 0
    for _ in range(20):
        turn = wait_for_my_turn(page)
        if turn == "over":
            break
        assert page.evaluate("window.scrollY") == 0, "the page was scrolled"
        try:
            assert_the_table_is_in_view(page)
        except AssertionError:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "table-phone-not-in-view.png")
            raise
        if len(taps) == 4:
            SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOT_DIR / "table-phone-tapped.png")
        _, state = the_game()
        move = state.bot_decision(HUMAN, "casual").move
        version = board_version(page)
        taps.append(tap_to_make(page, move))
        one_play_cards += taps[-1] == 1 and not isinstance(move, Bid)
        wait_for_a_new_board(page, version)
        _, after = the_game()
        assert after.current.moves[len(state.current.moves)] == move
        page.evaluate("window.scrollTo(0, 0)")  # where the person left it: the top
    expect(page.get_by_role("heading", name="The deal is over")).to_be_visible()
    assert len(taps) == 13  # the bid and twelve plays
    assert max(taps) <= 2
    print(f"\ntaps per play: {taps}; cards with one play: {one_play_cards}")


def test_the_name_at_the_table_is_remembered_on_the_phone(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    first, second = (
        service.create_table(["", "", "casual", "casual"], None, "a-host", spectators=False)
        for _ in range(2)
    )
    page.goto(f"{live_server.url}/t/{first.code}")
    sit = page.get_by_role("button", name="Take the East seat")
    assert on_screen(page, sit), "a newcomer's seat choice is below the share box"
    page.get_by_label("Your name at the table").fill("Bina")
    sit.tap()
    expect(page.get_by_role("button", name="Leave my seat")).to_be_visible()
    page.goto(f"{live_server.url}/t/{second.code}")
    expect(page.get_by_label("Your name at the table")).to_have_value("Bina")


def click_to_make(page: Page, move: Move) -> None:
    """Make ``move`` as a person at a desktop does: the card, then its play (or the bid)."""
    if isinstance(move, Bid):
        page.locator(f'.bid-row button[value="{move}"]').click()
        return
    assert isinstance(move, CardMove)
    page.locator(f'.pick-hand:has(input[value="{move.card}"])').click()
    page.locator(f'.option-list button[value="{move}"]').click()


def test_a_whole_deal_for_two_people_one_of_them_on_a_phone(
    open_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asha on a phone makes a table with two bots; Chitra joins from a desktop as her partner.
    At every one of Asha's turns her table is in view, Chitra's plays and the bots' included;
    she plays by tapping, never scrolled, at most two taps a play."""
    monkeypatch.setattr(seeds, "new_match_seed", lambda: 2)  # the server runs in this process
    asha = open_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    asha.goto(live_server.url + "/tables/")
    asha.get_by_label("East", exact=True).select_option("casual")
    asha.get_by_label("West", exact=True).select_option("casual")
    asha.get_by_label("Bot speed").select_option("fast")
    asha.get_by_label("Your name at the table").fill("Asha")
    asha.get_by_role("button", name="Make the table").tap()
    expect(asha.locator(".join-code")).to_be_visible()
    table = Game.objects.get()
    chitra = open_context(viewport=DESKTOP).new_page()
    chitra.goto(f"{live_server.url}/t/{table.code}")
    chitra.get_by_label("Your name at the table").fill("Chitra")
    chitra.get_by_role("button", name="Take the North seat").click()
    expect(asha.locator(".seep-table")).to_be_visible(timeout=3_000)
    asha.evaluate("window.scrollTo(0, 0)")

    taps: list[int] = []
    chitra_plays = 0
    deadline = time.monotonic() + 180  # the bots' 24 plays at the fast pace, on a busy machine
    while time.monotonic() < deadline:
        _, state = the_game()
        if state.deal_over:
            break
        seat = state.to_play
        if seat not in (HUMAN, HUMAN + 2):
            asha.wait_for_timeout(150)  # the bots' turn: the pages ask for it
            continue
        page = asha if seat == HUMAN else chitra
        wait_for_my_turn(page)
        move = state.bot_decision(seat, "casual").move
        version = board_version(page)
        if page is asha:
            assert asha.evaluate("window.scrollY") == 0, "the page was scrolled"
            try:
                assert_the_table_is_in_view(asha)
            except AssertionError:
                SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
                asha.screenshot(path=SCREENSHOT_DIR / "people-table-phone-not-in-view.png")
                raise
            taps.append(tap_to_make(asha, move))
        else:
            click_to_make(chitra, move)
            chitra_plays += 1
        wait_for_a_new_board(page, version)
        asha.evaluate("window.scrollTo(0, 0)")
    for page in (asha, chitra):
        expect(page.get_by_role("heading", name="The deal is over")).to_be_visible(timeout=5_000)
    assert len(taps) >= 12 and chitra_plays >= 12  # each made every play of theirs (a bid too)
    assert max(taps) <= 2


def start_a_deal(page: Page, base: str, show_legal: bool = True) -> None:
    page.goto(base + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("fast")
    if not show_legal:
        page.get_by_label("Show what each card can do").uncheck()
    page.get_by_role("button", name="Deal the cards").tap()


def slow_network(page: Page, latency_ms: int = 400) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": latency_ms}
    unlimited = {"downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", {**conditions, **unlimited})


def test_a_card_played_moves_at_once_and_comes_back_with_the_rule_if_refused(
    page: Page,
    live_server: LiveServer,
    transactional_db: None,
    monkeypatch: pytest.MonkeyPatch,
    browser_problems: list[str],
) -> None:
    """At 400 ms from the server, the card leaves the hand the moment it is played; a play the
    engine refuses puts it back, with the rule it breaks."""
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)
    start_a_deal(page, live_server.url, show_legal=False)
    turn = wait_for_my_turn(page)
    if turn == "bid":
        page.locator(".bid-row button").first.tap()
        wait_for_my_turn(page)
    slow_network(page)
    _, state = the_game()
    view = state.current.view_for(HUMAN)
    # A card that cannot capture with nothing picked: "Capture" is refused (R16).
    captures = {m.card for m in view.legal_moves() if isinstance(m, Capture)}
    card = next(c for c in view.hand if c not in captures)
    page.locator(f'.pick-hand:has(input[value="{card}"])').tap()
    page.get_by_role("button", name="Capture", exact=True).tap()
    moving = page.locator(f'.pick-hand.is-playing:has(input[value="{card}"])')
    expect(moving).to_have_count(1, timeout=300)  # before the server could answer
    feedback = page.locator("#table-feedback")
    expect(feedback).to_be_visible()
    expect(feedback).to_contain_text("R1")  # the rule, cited
    expect(page.locator(f'.pick-hand:has(input[value="{card}"])')).to_be_visible()
    expect(page.locator(".pick-hand.is-playing")).to_have_count(0)
    refused = [p for p in browser_problems if "status of 422 (Unprocessable" in p]
    assert len(refused) == 1  # the refusal, as the browser logs any answer of its kind
    browser_problems.remove(refused[0])


def test_a_tap_while_the_cards_move_reaches_the_table(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tap made just as the board is redrawn (its cards still moving, a view transition) goes
    to the table drawn under them, not to the picture of the old one."""
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)
    start_a_deal(page, live_server.url)
    if wait_for_my_turn(page) == "bid":
        page.locator(".bid-row button").first.tap()
        wait_for_my_turn(page)
    page.wait_for_timeout(1200)  # a poll sent before the bid's answer has redrawn the board
    settle(page)
    # A redraw whose cards move for three seconds (the board's own transition lasts 0.35 s).
    page.evaluate(
        """() => {
            const slow = new CSSStyleSheet();
            slow.replaceSync("::view-transition-group(*) { animation-duration: 3s; }");
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, slow];
            window.moving = "yes";
            const moves = document.startViewTransition(() => {
                document.querySelector('.floor').dataset.redrawn = 'yes';
            });
            moves.finished.then(() => { window.moving = "done"; }, () => {
                window.moving = "skipped";
            });
        }"""
    )
    page.wait_for_timeout(300)  # the transition is running now
    last = page.locator(".pick-hand").last
    last.click()  # chosen (a click chooses; a tap might play it, starting a redraw of its own)
    assert page.evaluate("window.moving") == "yes"  # the tap came while the cards moved
    expect(last.locator("input")).to_be_checked()


def test_a_card_tapped_out_of_turn_says_whose_turn_it_is(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)
    page.goto(live_server.url + "/play/")
    page.get_by_label("Match length").select_option("1")
    page.get_by_label("Bot speed").select_option("slow")
    page.get_by_role("button", name="Deal the cards").tap()
    if wait_for_my_turn(page) == "bid":
        page.locator(".bid-row button").first.tap()
    wait_for_my_turn(page)
    version = board_version(page)
    _, state = the_game()
    tap_to_make(page, state.bot_decision(HUMAN, "casual").move)
    wait_for_a_new_board(page, version)
    status = page.locator(".table-status")
    expect(status).to_contain_text("to play")  # a bot's turn, at the slow pace
    page.locator(".pick-hand").first.tap(force=True)  # its input is disabled: not your turn
    expect(status).to_have_class(re.compile(r"\bis-nudged\b"))


def test_a_card_dragged_onto_a_floor_card_makes_the_play_that_fits(
    page: Page, live_server: LiveServer, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dragging is a shortcut: a hand card dropped on a floor card it can use in exactly one
    play makes that play."""
    deal_games_from(monkeypatch, THE_HUMAN_BIDS)
    start_a_deal(page, live_server.url)
    for _ in range(12):
        if wait_for_my_turn(page) == "bid":
            page.locator(".bid-row button").first.tap()
            continue
        pairs = page.evaluate(
            """() => {
                const found = [];
                const plays = [...document.querySelectorAll('.option-list li[data-card]')];
                for (const floor of document.querySelectorAll('input[name="loose"]')) {
                    for (const card of new Set(plays.map((li) => li.dataset.card))) {
                        const fit = plays.filter((li) => li.dataset.card === card
                            && li.dataset.uses.split(' ').includes(floor.value));
                        if (fit.length === 1) {
                            found.push([card, floor.value, fit[0].querySelector('button').value]);
                        }
                    }
                }
                return found;
            }"""
        )
        if pairs:
            break
        version = board_version(page)  # no such card yet: play on
        _, state = the_game()
        tap_to_make(page, state.bot_decision(HUMAN, "casual").move)
        wait_for_a_new_board(page, version)
    card, floor, play = pairs[0]
    start = page.locator(f'.pick-hand:has(input[value="{card}"])').bounding_box()
    end = page.locator(f'.pick-floor:has(input[value="{floor}"])').bounding_box()
    assert start is not None and end is not None
    version = board_version(page)
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    expect(page.locator(".drag-ghost")).to_have_count(1)
    expect(page.locator(".pick-floor.is-drop-target")).to_have_count(1)
    page.mouse.up()
    wait_for_a_new_board(page, version)
    _, state = the_game()
    made = [p.move for p in state.current.history if p.seat == HUMAN]
    assert str(made[-1]) == play
    expect(page.locator(".drag-ghost")).to_have_count(0)


# Seat 1 to play with eight cards, before three houses and five loose cards.
CROWDED = (
    "dealer=3 bid=11 plays=16 "
    "hands=KS,KD,2H,3H,4C,7D,8D,QS/9C,9D,AH,2S,3C,4D,7C,8C/JS,JD,AS,AC,5D,6C,7H,8H/"
    "2D,3S,4S,TS,TH,TD,QC,QD "
    "loose=2C,3D,8S,TC,QH houses=9:4H+5S@1;11:6D+5C@2;13:7S+6H@0 "
    "captured=AD,5H,6S,9H,9S,JC,JH,KC,KH/- sweeps=0/0 last=0 stock=-"
)


def test_a_crowded_floor_leaves_the_hand_in_view_on_a_phone(
    page: Page, live_server: LiveServer, transactional_db: None
) -> None:
    """Three houses and five loose cards: the hand, the floor, the score and the turn all fit a
    390×720 screen, unscrolled (a position handed to the practice table, as a puzzle's "Play on
    from here" hands one)."""
    page.goto(live_server.url + "/play/")  # the browser's session, with its key
    session_key = next(c["value"] for c in page.context.cookies() if c["name"] == "sessionid")
    session = import_module(settings.SESSION_ENGINE).SessionStore(session_key=session_key)
    hand_over(session, Handover(CROWDED, "casual", ""))
    session.save()
    page.goto(live_server.url + reverse("tables:play_on"))
    wait_for_my_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator(".house").count() == 3
    try:
        assert_the_table_is_in_view(page)
        for house in page.locator(".house").all():
            assert on_screen(page, house), "a house is off screen"
    except AssertionError:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOT_DIR / "table-phone-crowded.png")
        raise
