"""The bots' and the review's explanations worded by the site: every code (``Told``, ``Found``)
reads in English exactly as the bot or the review says it (``str``, the English they said
before their reasons were data), and in Hindi with every value named in Hindi."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from game.bots import get_bot
from game.bots.english import Told
from game.bots.sentences import (
    Code,
    Explanation,
    FloorLeft,
    OneOf,
    Player,
    Points,
    Taken,
    Tenths,
    TheCards,
    explain,
)
from game.engine import AHouse, ARank, Card, HouseOf, Rank, Relation, deal, view_for
from game.review import THEME_NAMES, Found, Theme
from game.table.explanations import theme_name, word_explanation


def card(text: str) -> Card:
    return Card.from_str(text)


TEN_D, FOUR_S, NINE_H, QUEEN_C, TWO_C, FIVE_D, THREE_D, SIX_D = map(
    card, ("TD", "4S", "9H", "QC", "2C", "5D", "3D", "6D")
)
RIGHT, LEFT = Player(Relation.RIGHT_OPPONENT), Player(Relation.LEFT_OPPONENT)
THROW_K = explain(Told.THROWS, card=card("KD"))
THROW_K_HINDI = "ईंट का बादशाह फेंकता हूँ"

# (explanation, English, Hindi): at least one of every code.
EXAMPLES: list[tuple[Explanation, str, str]] = [
    (explain(Told.BIDS, value=12), "Bids 12", "12 की बोली लगाता हूँ"),
    (THROW_K, "Throws the K♦", THROW_K_HINDI),
    (
        explain(
            Told.CAPTURES,
            explain(Told.CAPTURE_POINTS, points=10),
            explain(Told.CAPTURE_SWEEPS, bonus=50),
            taken=Taken((TEN_D, FOUR_S)),
            card=card("AH"),
        ),
        "Captures the 10♦ and the 4♠ with the A♥: 10 points, and sweeps for 50",
        "पान का इक्का चलकर ईंट का 10 और हुकुम का 4 उठाता हूँ: 10 अंक, और 50 का स्वीप",
    ),
    (
        explain(
            Told.CAPTURES,
            explain(Told.CAPTURE_POINTS, points=1),
            taken=Taken((HouseOf(12), TWO_C, FIVE_D)),
            card=card("QS"),
        ),
        "Captures the 12-house, the 2♣ and the 5♦ with the Q♠: 1 point",
        "हुकुम की बेगम चलकर 12 का घर, चिड़ी का 2 और ईंट का 5 उठाता हूँ: 1 अंक",
    ),
    (
        explain(Told.BUILDS, a_house=AHouse(8), cards=TheCards((THREE_D, FIVE_D))),
        "Builds an 8-house with the 3♦ and the 5♦",
        "ईंट का 3 और ईंट का 5 मिलाकर 8 का घर बनाता हूँ",
    ),
    (
        explain(Told.ADDS_TO_MINE, cards=TheCards((NINE_H,)), value=9),
        "Adds the 9♥ to my 9-house",
        "पान का 9 अपने 9 के घर में जोड़ता हूँ",
    ),
    (
        explain(Told.ADDS_TO_PARTNERS, cards=TheCards((TWO_C, card("7S"))), value=9),
        "Adds the 2♣ and the 7♠ to my partner's 9-house",
        "चिड़ी का 2 और हुकुम का 7 अपने साथी के 9 के घर में जोड़ता हूँ",
    ),
    (
        explain(Told.ADDS_TO_OPPONENTS, cards=TheCards((card("KS"),)), value=13),
        "Adds the K♠ to the opponents' 13-house",
        "हुकुम का बादशाह विरोधियों के 13 के घर में जोड़ता हूँ",
    ),
    (
        explain(Told.BREAKS, house=9, card=card("2S"), value=11),
        "Breaks the 9-house with the 2♠, raising it to 11",
        "हुकुम का 2 चलकर 9 का घर तोड़ता हूँ और उसे 11 का बनाता हूँ",
    ),
    (
        explain(Told.BID_HIGHEST, value=13),
        "Bids 13, my highest card",
        "13 की बोली लगाता हूँ, यह मेरा सबसे बड़ा पत्ता है",
    ),
    (
        explain(Told.BID_ONLY, value=10),
        "Bids 10, my only card above 8",
        "10 की बोली लगाता हूँ, 8 से ऊपर मेरे पास यही एक पत्ता है",
    ),
    (
        explain(Told.BID_TWO_TO_BUILD, value=11),
        "Bids 11: I hold two, so I can build with one",
        "11 की बोली लगाता हूँ: मेरे पास दो हैं, इसलिए एक से घर बना सकता हूँ",
    ),
    (
        explain(Told.BID_TWO_TO_KEEP, value=11),
        "Bids 11: I hold two, so I can build and keep one",
        "11 की बोली लगाता हूँ: मेरे पास दो हैं, इसलिए घर बनाकर एक रख सकता हूँ",
    ),
    (
        explain(Told.BID_OPENS_BEST, value=12),
        "Bids 12: it opens best on most floors",
        "12 की बोली लगाता हूँ: ज़्यादातर फ़र्शों पर इससे शुरुआत सबसे अच्छी होती है",
    ),
    (
        explain(Told.TAKE_WHAT_I_CAN, move=THROW_K),
        "Throws the K♦; I take what I can",
        f"{THROW_K_HINDI}; जो उठा सकता हूँ, उठाता हूँ",
    ),
    (
        explain(Told.NOTHING_TO_CAPTURE, move=THROW_K),
        "Throws the K♦; I have nothing to capture",
        f"{THROW_K_HINDI}; मेरे पास उठाने को कुछ नहीं है",
    ),
    (
        explain(Told.NOTHING_LEFT_OPEN, move=THROW_K),
        "Throws the K♦; it leaves no sweep and no points open",
        f"{THROW_K_HINDI}; इससे न स्वीप का मौक़ा खुलता है, न अंक",
    ),
    (
        explain(Told.LEAST_LEFT, move=THROW_K),
        "Throws the K♦; it leaves the least for the next player",
        f"{THROW_K_HINDI}; इससे अगले खिलाड़ी के लिए सबसे कम बचता है",
    ),
    (
        explain(Told.HELPS_PARTNER, move=THROW_K),
        "Throws the K♦; it helps my partner's house",
        f"{THROW_K_HINDI}; इससे मेरे साथी के घर को मदद मिलती है",
    ),
    (
        explain(Told.ALL_OTHERS_SEEN, move=THROW_K, a_rank=ARank(13), rank=Rank(13)),
        "Throws the K♦; I hold a K and every other K is accounted for",
        f"{THROW_K_HINDI}; मेरे पास बादशाह है और बादशाह के बाक़ी सब पत्ते दिख चुके हैं",
    ),
    (
        explain(Told.FEW_OTHERS_UNSEEN, move=THROW_K, rank=Rank(1), unseen=1),
        "Throws the K♦; I hold another A and only 1 more is unseen",
        f"{THROW_K_HINDI}; मेरे पास एक और इक्का है और सिर्फ़ 1 पत्ता बाहर बचा है",
    ),
    (
        explain(Told.FEW_OTHERS_UNSEEN, move=THROW_K, rank=Rank(10), unseen=2),
        "Throws the K♦; I hold another 10 and only 2 more are unseen",
        f"{THROW_K_HINDI}; मेरे पास एक और 10 है और सिर्फ़ 2 पत्ते बाहर बचे हैं",
    ),
    (
        explain(Told.HOLD_ANOTHER, move=THROW_K, rank=Rank(12)),
        "Throws the K♦; I hold another Q",
        f"{THROW_K_HINDI}; मेरे पास एक और बेगम है",
    ),
    (
        explain(Told.HOUSE_MINE_NOW, move=THROW_K, a_rank=ARank(1)),
        "Throws the K♦; the house is mine now and I hold an A",
        f"{THROW_K_HINDI}; अब घर मेरा है और मेरे पास इक्का है",
    ),
    (
        explain(Told.ELSE_LEAVES_SWEEP, move=THROW_K),
        "Throws the K♦; anything else would leave a sweep open",
        f"{THROW_K_HINDI}; कोई और चाल स्वीप का मौक़ा खुला छोड़ती",
    ),
    (
        explain(Told.NO_SWEEP_OPEN, move=THROW_K),
        "Throws the K♦; it leaves no sweep open",
        f"{THROW_K_HINDI}; इससे स्वीप का कोई मौक़ा नहीं खुलता",
    ),
    (
        explain(Told.LITTLE_TO_TAKE, move=THROW_K),
        "Throws the K♦; it gives the next player little to take",
        f"{THROW_K_HINDI}; इससे अगले खिलाड़ी को उठाने के लिए कम मिलता है",
    ),
    (
        explain(Told.LEAST_BAD, move=THROW_K),
        "Throws the K♦; the least bad play here",
        f"{THROW_K_HINDI}; यहाँ यही सबसे कम बुरी चाल है",
    ),
    (
        explain(Told.ONLY_LEGAL, move=explain(Told.BIDS, value=9)),
        "Bids 9; my only legal play",
        "9 की बोली लगाता हूँ; नियम से सही मेरी यही एक चाल है",
    ),
    (
        explain(Told.BEST_IN_SAMPLES, move=THROW_K, samples=24),
        "Throws the K♦; it came out best in 24 imagined deals",
        f"{THROW_K_HINDI}; 24 कल्पित दौरों में यह सबसे अच्छी रही",
    ),
    (
        explain(Told.NONE_BETTER, move=THROW_K, samples=24),
        "Throws the K♦; in 24 imagined deals no other play did better",
        f"{THROW_K_HINDI}; 24 कल्पित दौरों में कोई और चाल इससे अच्छी नहीं रही",
    ),
    (
        explain(Told.AHEAD_BY, move=THROW_K, samples=24, gap=Tenths(3.5)),
        "Throws the K♦; in 24 imagined deals it came out 3.5 points ahead of the next best",
        f"{THROW_K_HINDI}; 24 कल्पित दौरों में यह अगली सबसे अच्छी चाल से 3.5 अंक आगे रही",
    ),
    (explain(Found.ONLY_PLAY), "The only legal play", "नियम से सही यही एक चाल थी"),
    (explain(Found.BEST_FOUND), "The best play found", "विशेषज्ञ को मिली सबसे अच्छी चाल"),
    (
        explain(Found.AS_GOOD, loss=Tenths(1.5)),
        "As good as the best play, within 1.5 points",
        "सबसे अच्छी चाल जितनी ही अच्छी, 1.5 अंक के भीतर",
    ),
    (
        explain(Found.LEAVES_SWEEP, floor=FloorLeft((), (9, 3)), values=OneOf((12,))),
        "Leaves a sweep for the right opponent: 9 + 3 on the floor, and a Q takes it all",
        "आपके दाएँ वाला खिलाड़ी स्वीप कर सकता है: फ़र्श पर 9 + 3 है, और बेगम से सब उठ जाता है",
    ),
    (
        explain(Found.LEAVES_SWEEP, floor=FloorLeft((11,), (2,)), values=OneOf((13, 8, 9))),
        "Leaves a sweep for the right opponent: the 11-house + 2 on the floor, and a K, an 8 or "
        "a 9 takes it all",
        "आपके दाएँ वाला खिलाड़ी स्वीप कर सकता है: फ़र्श पर 11 का घर + 2 है, "
        "और बादशाह, 8 या 9 से सब उठ जाता है",
    ),
    (
        explain(Found.LEAVES_SWEEP, floor=FloorLeft((), (12,)), values=OneOf((12, 1))),
        "Leaves a sweep for the right opponent: the Q alone on the floor, and a Q or an A takes "
        "it all",
        "आपके दाएँ वाला खिलाड़ी स्वीप कर सकता है: फ़र्श पर सिर्फ़ बेगम है, और बेगम या इक्का से सब उठ जाता है",
    ),
    (
        explain(Found.LEAVES_SWEEP, floor=FloorLeft((10,), ()), values=OneOf((10,))),
        "Leaves a sweep for the right opponent: the 10-house alone on the floor, and a 10 takes "
        "it all",
        "आपके दाएँ वाला खिलाड़ी स्वीप कर सकता है: फ़र्श पर सिर्फ़ 10 का घर है, और 10 से सब उठ जाता है",
    ),
    (
        explain(Found.MISSES_TEN, card=card("TS")),
        "Misses the 10♦: the 10♠ takes it",
        "ईंट का 10 छूट गया: हुकुम का 10 चलकर उसे उठाना था",
    ),
    (
        explain(Found.THROWS_TEN),
        "Throws the 10♦ where the right opponent may take it",
        "ईंट का 10 फेंका, और आपके दाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.LEAVES_TEN),
        "Leaves the 10♦ loose where the right opponent may take it",
        "ईंट का 10 खुला छोड़ा, और आपके दाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.LEAVES_HOUSE, house=12, points=Points(5), card=QUEEN_C),
        "Leaves the 12-house (5 points) on the floor: the Q♣ takes it",
        "12 का घर (5 अंक) फ़र्श पर छोड़ा: चिड़ी की बेगम चलकर उसे उठाना था",
    ),
    (
        explain(Found.LEAVES_YOUR_HOUSE, house=9, a_rank=ARank(9)),
        "Leaves your 9-house where the opponents may take it with a 9",
        "आपका 9 का घर खुला छोड़ा: विरोधी उसे 9 से उठा सकते हैं",
    ),
    (
        explain(Found.LEAVES_PARTNERS_HOUSE, house=11, a_rank=ARank(11)),
        "Leaves your partner's 11-house where the opponents may take it with a J",
        "आपके साथी का 11 का घर खुला छोड़ा: विरोधी उसे गुलाम से उठा सकते हैं",
    ),
    (
        explain(Found.THROW_LEAVES_MORE, card=SIX_D),
        "Throws the 6♦, leaving the right opponent more to take",
        "ईंट का 6 फेंका: अब आपके दाएँ वाला खिलाड़ी ज़्यादा उठा सकता है",
    ),
    (
        explain(Found.THROW_GIVES, card=SIX_D, points=Points(1), a_rank=ARank(8)),
        "Throws the 6♦ where the right opponent may take 1 point with an 8",
        "ईंट का 6 फेंका: आपके दाएँ वाला खिलाड़ी 8 से 1 अंक उठा सकता है",
    ),
    (
        explain(Found.MISSES_SWEEP, card=NINE_H, taken=Taken((FOUR_S, FIVE_D))),
        "Misses a sweep: the 9♥ takes the 4♠ and the 5♦",
        "स्वीप छूट गया: पान का 9 चलकर हुकुम का 4 और ईंट का 5 उठाना था",
    ),
    (
        explain(Found.MISSES_POINTS, points=Points(6), card=NINE_H, taken=Taken((HouseOf(9),))),
        "Misses 6 points: the 9♥ takes the 9-house",
        "6 अंक का मौक़ा छूटा: पान का 9 चलकर 9 का घर उठाना था",
    ),
    (
        explain(
            Found.BEST_AHEAD,
            best=explain(Found.THROWING, card=SIX_D),
            points=Points(4),
            samples=32,
        ),
        "Throwing the 6♦ came out 4 points ahead in 32 imagined deals",
        "32 कल्पित दौरों में ईंट का 6 फेंकना 4 अंक आगे रहा",
    ),
    (
        explain(Found.CAPTURING, taken=Taken((HouseOf(12), TWO_C)), card=QUEEN_C),
        "Capturing the 12-house and the 2♣ with the Q♣",
        "चिड़ी की बेगम चलकर 12 का घर और चिड़ी का 2 उठाना",
    ),
    (
        explain(Found.BUILDING, a_house=AHouse(11), cards=TheCards((card("AD"), card("TC")))),
        "Building an 11-house with the A♦ and the 10♣",
        "ईंट का इक्का और चिड़ी का 10 मिलाकर 11 का घर बनाना",
    ),
    (
        explain(Found.ADDING, cards=TheCards((THREE_D, SIX_D)), value=9),
        "Adding the 3♦ and the 6♦ to the 9-house",
        "9 के घर में ईंट का 3 और ईंट का 6 जोड़ना",
    ),
    (
        explain(Found.BREAKING, house=9, card=TWO_C, value=11),
        "Breaking the 9-house with the 2♣, raising it to 11",
        "चिड़ी का 2 चलकर 9 का घर तोड़ना और उसे 11 का बनाना",
    ),
    (
        explain(Found.SWEEP_FOR, floor=FloorLeft((), (9, 3)), who=RIGHT, values=OneOf((12,))),
        "Leaves 9 + 3 on the floor: the player on your right can sweep it with a Q",
        "फ़र्श पर 9 + 3 छोड़ा: आपके दाएँ वाला खिलाड़ी बेगम से स्वीप कर सकता है",
    ),
    (
        explain(Found.SWEEP_FOR, floor=FloorLeft((11,), (2,)), who=RIGHT, values=OneOf((13, 8))),
        "Leaves the 11-house + 2 on the floor: the player on your right can sweep it with a K or "
        "an 8",
        "फ़र्श पर 11 का घर + 2 छोड़ा: आपके दाएँ वाला खिलाड़ी बादशाह या 8 से स्वीप कर सकता है",
    ),
    (
        explain(Found.OPENS_SWEEP),
        "Leaves the floor open to a sweep by the opponents a few plays later",
        "फ़र्श स्वीप के लिए खुला छोड़ा: कुछ चालों बाद विरोधी स्वीप कर सकते हैं",
    ),
    (
        explain(Found.SPOILS_YOUR_SWEEP),
        "Spoils the sweep you could make on a coming play",
        "आगे की किसी चाल में आपका जो स्वीप हो सकता था, उसे बिगाड़ दिया",
    ),
    (
        explain(Found.SPOILS_PARTNERS_SWEEP),
        "Spoils the sweep your partner could make next",
        "आपके साथी का अगला स्वीप बिगाड़ दिया",
    ),
    (
        explain(Found.THROWS_TEN_TO, who=RIGHT),
        "Throws the 10♦ where the player on your right can take it",
        "ईंट का 10 फेंकने से आपके दाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.LEAVES_TEN_FOR, who=LEFT),
        "Leaves the 10♦ where the player on your left can take it",
        "ईंट का 10 फ़र्श पर छोड़ने से आपके बाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.GIVES_TEN, who=LEFT),
        "Gives the 10♦ away: the player on your left can win it a few plays later",
        "ईंट का 10 हाथ से जाने दिया: कुछ चालों बाद आपके बाएँ वाला खिलाड़ी उसे जीत सकता है",
    ),
    (
        explain(Found.LOSES_TEN),
        "Lets the 10♦ go: after the best play your team wins it",
        "ईंट का 10 हाथ से निकल गया: सबसे अच्छी चाल के बाद आपकी टीम उसे जीतती है",
    ),
    (
        explain(Found.LETS_BREAK_YOURS, house=9, who=RIGHT),
        "Lets your 9-house be broken: the player on your right can raise it",
        "आपका 9 का घर टूटने दिया: आपके दाएँ वाला खिलाड़ी उसे तोड़कर बड़ा कर सकता है",
    ),
    (
        explain(Found.LETS_BREAK_PARTNERS, house=10, who=LEFT),
        "Lets your partner's 10-house be broken: the player on your left can raise it",
        "आपके साथी का 10 का घर टूटने दिया: आपके बाएँ वाला खिलाड़ी उसे तोड़कर बड़ा कर सकता है",
    ),
    (
        explain(Found.LETS_TAKE_YOURS, house=12),
        "Lets the opponents take your 12-house",
        "विरोधियों को आपका 12 का घर उठाने दिया",
    ),
    (
        explain(Found.LETS_TAKE_PARTNERS, house=11),
        "Lets the opponents take your partner's 11-house",
        "विरोधियों को आपके साथी का 11 का घर उठाने दिया",
    ),
    (
        explain(Found.LETS_TAKE_HOUSE, house=13),
        "Lets the opponents win the 13-house",
        "विरोधियों को 13 का घर जीतने दिया",
    ),
    (
        explain(Found.MISSES_HOUSE, a_house=AHouse(13)),
        "Gives up a 13-house your team would win",
        "13 का घर गँवाया, जो आपकी टीम जीतती",
    ),
    (
        explain(Found.THROW_TAKEN, card=card("7S"), who=RIGHT),
        "Throws the 7♠ where the player on your right can take it",
        "हुकुम का 7 फेंकने से आपके दाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.TAKES_FEWER, card=card("9H"), taken=Taken((card("4S"), card("5D")))),
        "Takes fewer points: the 9♥ takes the 4♠ and the 5♦",
        "कम अंक उठाए: पान का 9 चलकर हुकुम का 4 और ईंट का 5 उठाना था",
    ),
    (
        explain(Found.LEAVES_CARD, card=card("AS"), who=LEFT),
        "Leaves the A♠ where the player on your left can take it",
        "हुकुम का इक्का फ़र्श पर छोड़ने से आपके बाएँ वाला खिलाड़ी उसे उठा सकता है",
    ),
    (
        explain(Found.LETS_TAKE_CARD, card=card("KS")),
        "Lets the opponents win the K♠ a few plays later",
        "विरोधियों को कुछ चालों बाद हुकुम का बादशाह जीतने दिया",
    ),
    (
        explain(Found.LOSES_YOUR_CARD, card=card("QS")),
        "Lets the opponents win your Q♠ a few plays later",
        "विरोधियों को कुछ चालों बाद आपका पत्ता हुकुम की बेगम जीतने दिया",
    ),
    (
        explain(Found.MISSES_CARD, card=card("8S")),
        "Lets the 8♠ go: after the best play your team wins it",
        "हुकुम का 8 जीतने का मौक़ा छूट गया: सबसे अच्छी चाल के बाद आपकी टीम उसे जीतती है",
    ),
    (
        explain(Found.MISSES_LAST),
        "Misses the last capture: the cards left on the floor at the end go to the opponents",
        "आख़िरी बार पत्ते उठाने का मौक़ा छूट गया: अंत में फ़र्श पर बचे पत्ते विरोधियों को मिलते हैं",
    ),
    (
        explain(Found.AHEAD_LATER, best=explain(Found.THROWING, card=card("6D")), points=Points(4)),
        "Throwing the 6♦ comes out 4 points ahead two rounds later",
        "ईंट का 6 फेंकना दो चक्कर बाद 4 अंक आगे रहता है",
    ),
    (
        explain(Found.AS_WRITTEN, text="Leaves a sweep for the right opponent"),
        "Leaves a sweep for the right opponent",
        "Leaves a sweep for the right opponent",  # stored in English, before reasons were data
    ),
]

# Said to one of two players (V1): in English, until the catalogues have them.
TWO_PLAYER_EXAMPLES: list[tuple[Explanation, str]] = [
    (
        explain(Told.ADDS_TO_OPPONENT, cards=TheCards((card("KS"),)), value=13),
        "Adds the K♠ to my opponent's 13-house",
    ),
    (
        explain(Found.THROW_TAKEN, card=card("7S"), who=Player(Relation.RIGHT_OPPONENT, seats=2)),
        "Throws the 7♠ where your opponent can take it",
    ),
    (
        explain(Found.OPENS_SWEEP_TWO),
        "Leaves the floor open to a sweep by your opponent a few plays later",
    ),
    (explain(Found.LOSES_TEN_TWO), "Lets the 10♦ go: after the best play you win it"),
    (explain(Found.LETS_TAKE_YOURS_TWO, house=11), "Lets your opponent take your 11-house"),
    (explain(Found.LETS_TAKE_HOUSE_TWO, house=13), "Lets your opponent win the 13-house"),
    (explain(Found.MISSES_HOUSE_TWO, a_house=AHouse(13)), "Gives up a 13-house you would win"),
    (
        explain(Found.LETS_TAKE_CARD_TWO, card=card("KS")),
        "Lets your opponent win the K♠ a few plays later",
    ),
    (
        explain(Found.LOSES_YOUR_CARD_TWO, card=card("QS")),
        "Lets your opponent win your Q♠ a few plays later",
    ),
    (
        explain(Found.MISSES_CARD_TWO, card=card("8S")),
        "Lets the 8♠ go: after the best play you win it",
    ),
    (
        explain(Found.MISSES_LAST_TWO),
        "Misses the last capture: the cards left on the floor at the end go to your opponent",
    ),
]

CODES: list[Code] = [*Told, *Found]


def codes_in(explanation: Explanation) -> set[Code]:
    inner = {v for v in explanation.values.values() if isinstance(v, Explanation)}
    found = {explanation.code}
    for part in (*inner, *explanation.then):
        found |= codes_in(part)
    return found


def test_every_code_has_an_example() -> None:
    examples = [example for example, *_ in EXAMPLES] + [e for e, _ in TWO_PLAYER_EXAMPLES]
    shown = set().union(*(codes_in(example) for example in examples))
    assert [code for code in CODES if code not in shown] == []


@pytest.mark.parametrize(("explanation", "english", "hindi"), EXAMPLES)
def test_each_explanation_in_english_and_in_hindi(
    explanation: Explanation, english: str, hindi: str
) -> None:
    assert str(explanation) == english
    with translation.override("en"):
        assert word_explanation(explanation) == english
    with translation.override("hi"):
        assert word_explanation(explanation) == hindi


@pytest.mark.parametrize(("explanation", "english", "hindi"), EXAMPLES)
def test_each_explanation_is_stored_and_read_back(
    explanation: Explanation, english: str, hindi: str
) -> None:
    codes = Told if explanation.code in set(Told) else Found
    assert Explanation.from_json(explanation.to_json(), codes) == explanation


def test_no_hindi_explanation_has_an_english_word() -> None:
    for explanation, _, hindi in EXAMPLES:
        if explanation.code is not Found.AS_WRITTEN:
            assert not re.search(r"[A-Za-z]", hindi), hindi


def test_every_theme_is_named_in_english_and_in_hindi() -> None:
    for theme in Theme:
        assert theme.label == THEME_NAMES[theme]
        with translation.override("en"):
            assert theme_name(theme) == theme.label
        with translation.override("hi"):
            assert theme_name(theme) != theme.label
            assert not re.search(r"[A-Za-z]", theme_name(theme))


def test_every_level_explains_a_whole_deal_in_hindi_with_no_english_word() -> None:
    """Each level's reasons over a deal, from the bid to the last play: its English is its
    ``reason``, and the Hindi names every card and value in Hindi."""
    for level, seed in (("beginner", 1), ("casual", 2), ("skilled", 3), ("expert", 4)):
        record = deal(seed, seed % 4)
        while not record.position.is_over:
            view = view_for(record, record.position.turn)
            decision = get_bot(level).choose(view, random.Random(seed), 0.01)
            with translation.override("en"):
                assert word_explanation(decision.why) == decision.reason
            with translation.override("hi"):
                hindi = word_explanation(decision.why)
            assert not re.search(r"[A-Za-z]", hindi), (level, hindi)
            record = record.apply_unchecked(decision.move)


@pytest.mark.parametrize(("explanation", "english"), TWO_PLAYER_EXAMPLES)
def test_each_two_player_explanation_in_english_and_read_back(
    explanation: Explanation, english: str
) -> None:
    assert str(explanation) == english
    with translation.override("en"):
        assert word_explanation(explanation) == english
    codes = Told if explanation.code in set(Told) else Found
    assert Explanation.from_json(explanation.to_json(), codes) == explanation


def test_a_number_with_tenths_is_written_as_the_language_writes_it() -> None:
    """A review's "within 1.5 points" keeps its number as data, so Danish and Hungarian write
    "1,5"; stored and read back it is the same number."""
    said = explain(Found.AS_GOOD, loss=Tenths(1.5))
    assert Explanation.from_json(said.to_json(), Found) == said
    with translation.override("en"):
        assert "1.5" in word_explanation(said)
    for language in ("da", "hu"):
        with translation.override(language):
            worded = word_explanation(said)
        assert "1,5" in worded and "1.5" not in worded, (language, worded)
