"""Every figure a lesson, a teacher's guide, a worksheet or an answer key states is one the kit computes.

The texts: the markdown of notebooks/lessons/<lang>/NN_*.ipynb and, in docs/teachers/<lang>/, the guide NN_*.md,
the worksheet NN_*.worksheet.html and the answer key NN_*.answers.html, in English, German and Spanish (and
the rules cards, whose few large numbers are the kit's rule options).

For each lesson the kit computes its figures below (from the same functions, scenarios, seeds and stored
runs the lesson uses; the few that are inputs of an exercise or facts of a rulebook are pinned and named
as such). Every number a text states is then read, in the language's way of writing numbers:

- a percentage (``19.0%``, ``19,0 %``) must be one of the lesson's figures, written as a share, rounded to
  the decimals shown;
- any other decimal number (``0.35``, ``1,44``) must be one of its figures rounded to the decimals shown;
- a whole number of 100 or more (``20,000``, ``2.598.960``, ``3618``) must be one of its figures exactly.

So a figure cannot drift from the code: change a bot, a rule or a seed and the texts that quote the old
figure fail here, naming the text, the number and the lesson. Smaller whole numbers (counts of cards,
tokens, rounds) are read by the tests of the claims they belong to (tests/test_lesson_texts.py).

A few figures of the guides need more games than the quick tier plays (lesson 4's runs at 3, 5 and 6
players, the 20,000 games of free-for-all, the game-by-game check of soft landing): they are pinned in
``PLAYED`` below, and one slow test plays them again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from statistics import NormalDist
from typing import Any

import pytest

from pokerkit_teach.core import probability as prob
from pokerkit_teach.core.simulate import simulate, wilson_interval
from tests.lessons.material import LANGS, LESSONS, page_text, texts
from tests.support import ROOT

CONFIDENCE = 0.95  # the level of every interval the kit shows ("95 runs of 100")

Figure = float | int | Fraction


# ---------------------------------------------------------------- the texts and the numbers in them


_SPACE = "[ \u00a0\u202f]"
NUMBER = {
    "en": re.compile(r"(?<![\w.,/])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?( ?%)?"),
    "de": re.compile(rf"(?<![\w.,/])(\d{{1,3}}(?:(?:\.|{_SPACE})\d{{3}})+(?!,\d)|\d+)(,\d+)?( ?%)?"),
}
NUMBER["es"] = NUMBER["de"]


def numbers(text: str, lang: str) -> Iterator[tuple[str, str, float, int]]:
    """Every number of ``text`` as (as written, kind, value, decimals shown); kind is "percent", "decimal"
    or "whole". Binomial coefficients written C(3,1) are no decimals."""
    text = re.sub(r"C\(\d+, ?\d+\)", " ", text.replace("\u00a0", " ").replace("\u202f", " "))
    group = "," if lang == "en" else "."
    for match in NUMBER[lang].finditer(text):
        whole, fraction, sign = match.groups()
        digits = re.sub(rf"[{re.escape(group)} ]", "", whole)
        decimals = len(fraction) - 1 if fraction else 0
        value = float(f"{digits}.{fraction[1:]}") if fraction else float(digits)
        kind = "percent" if sign else "decimal" if fraction else "whole"
        yield match.group(0).strip(), kind, value, decimals


def matches(kind: str, value: float, decimals: int, figure: Figure) -> bool:
    if kind == "whole":
        return isinstance(figure, int | Fraction) and figure == value or isinstance(figure, float) and figure == value
    shown = 100 * float(figure) if kind == "percent" else float(figure)
    return abs(shown - value) <= 0.5 * 10 ** -decimals + 1e-9


# ---------------------------------------------------------------- each lesson's figures, as the kit computes them

@cache
def lesson_01() -> list[Figure]:
    four, five = prob.five_card_counts(), prob.five_card_counts(suits=5)
    total = math.comb(52, 5)
    return [total, math.factorial(5), math.comb(13, 5), *four.values(), *five.values(),
            *(Fraction(count, total) for count in four.values()), *(round(total / count) for count in four.values() if count),
            prob.five_card_counts(suits=5, ace_low=False)["flush"]]  # Póker a Voces' count, named in the answer key


@cache
def lesson_02() -> list[Figure]:
    from pokerkit_teach.widgets.stored_run import stored_run

    (blind_job, blind), *teams = stored_run("lesson-02")
    figures: list[Figure] = [blind.deals, Fraction(blind.ties, blind.deals), blind.rate, CONFIDENCE, 100]
    for job, result in teams:
        deals = int(result.totals["deal_successes"] + result.totals["deal_failures"])
        p = result.totals["deal_successes"] / deals
        figures += [result.games, deals, p, prob.first_to(3, 3, p), result.rate("won"), *result.ci95("won")]
    figures += [prob.random_order_success(players) for players in range(3, 7)]
    figures += [prob.order_success([2, 1])]
    chances = {p: prob.first_to(3, 3, p) for p in map(Fraction, ("1/6", "1/5", "1/3", "1/2", "2/3"))}
    return [*figures, *chances.values(), Fraction(chances[Fraction(1, 5)]).numerator]


@cache
def lesson_03() -> list[Figure]:
    from pokerkit_teach.games.pokerface import GAME
    from pokerkit_teach.games.pokerface.hints import rank_probabilities
    from pokerkit_teach.games.pokerface.scenarios import load_scenario
    from pokerkit_teach.games.pokerface.strength import share_beaten

    ben = load_scenario("token-round").replay().state_after(14).view_for(1)
    share = share_beaten(ben.hole, ben.board)
    model = float(prob.binomial(3, 3, share))
    hint = rank_probabilities(ben, 2000, seed=1)
    read = rank_probabilities(ben, 2000, seed=1, read_tokens=True)
    top = hint.probabilities[-1]
    seeds = {n: [rank_probabilities(ben, n, seed=seed).probabilities[-1] for seed in range(1, 6)] for n in (2000, 20000)}
    errors = {n: 100 * prob.standard_error(top, n) for n in (2000, 20000, 8000)}
    target = 0.001  # the exercise's target: a standard error of 0.1 percentage points
    estimator = GAME.make_bot("estimator", 1).confidence  # it takes from a player only when this sure
    return [share, model, *hint.probabilities, *read.probabilities, *seeds[2000], *seeds[20000],
            *(100 * (max(shares) - min(shares)) for shares in seeds.values()), *errors.values(), round(errors[20000], 1),
            round(top, 2), 2000, 20000, 4 * 2000, 100 * target, round(round(top, 2) * (1 - round(top, 2)) / target ** 2, -3),
            errors[20000] / (100 * target), math.sqrt(10), (model - seeds[20000][0]) / prob.standard_error(seeds[20000][0], 2000),
            estimator, 1 / 2,  # four times the deals halve the error (exit ticket 3: 1 point becomes 0.5)
            0.9, 0.9 ** 3,  # exit ticket 2's hand beats 90% of hands
            0.8, 0.8 ** 3,  # the worksheet's s = 0.8
            100]


def _games(players: int, variants: tuple[str, ...], games: int, seed: int) -> Any:
    return simulate("pokerface", players, ["estimator"], games, seed=seed, options={"variants": list(variants)})


CONFIGURATIONS = {"base": (), "rising-stakes": ("rising-stakes",), "soft-landing": ("soft-landing",),
                  "free-for-all": ("free-for-all",)}


@cache
def lesson_04() -> list[Figure]:
    from pokerkit_teach.games.pokerface import PokerfaceRules
    from pokerkit_teach.widgets.lab import DEFAULT_GAMES, MAX_GAMES
    from pokerkit_teach.widgets.stored_run import stored_run

    base, soft = PokerfaceRules.for_players(4), PokerfaceRules.for_players(4, variants=["soft-landing"])
    third = Fraction(1, 3)
    base_third, soft_third = (prob.first_to(rules.successes_to_win, rules.failures_to_lose, third) for rules in (base, soft))
    figures: list[Figure] = [base_third, soft_third, Fraction(soft_third).numerator, 100 * (soft_third - base_third),
                             CONFIDENCE, 1 - CONFIDENCE, 100, DEFAULT_GAMES, MAX_GAMES, 2000]
    checked = {name: _games(4, variants, 100, 1) for name, variants in CONFIGURATIONS.items()}
    for name, result in checked.items():
        rules = PokerfaceRules.for_players(4, variants=CONFIGURATIONS[name])
        successes, deals = result.totals["deal_successes"], result.totals["deal_successes"] + result.totals["deal_failures"]
        figures += [int(successes), int(deals), successes / deals, result.rate("won"), *result.ci95("won"),
                    prob.first_to(rules.successes_to_win, rules.failures_to_lose, successes / deals)]
    deal_rate = checked["base"].totals["deal_successes"] / (checked["base"].totals["deal_successes"] + checked["base"].totals["deal_failures"])
    chances = [prob.first_to(rules.successes_to_win, rules.failures_to_lose, deal_rate) for rules in (base, soft)]
    z = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)
    share = checked["base"].rate("won")
    figures += [*chances, prob.games_to_tell_apart(*map(float, chances)), round(z, 2),
                *(100 * z * prob.standard_error(share, games) for games in (100, DEFAULT_GAMES))]
    figures += [0.22, 0.23, round(prob.games_to_tell_apart(0.22, 0.23), -3)]  # the extension's question: 22% against 23%
    for _, result in stored_run("variant-lab-4-estimator-seed-1"):
        figures += [int(result.totals["won"]), result.rate("won"), *result.ci95("won")]
    return figures + PLAYED["04"]


#: Figures of lesson 4's guide that need more games than the quick tier plays; test_the_played_figures
#: plays them again (slow).
PLAYED: dict[str, list[Figure]] = {
    "04": [
        # 2,000 games at 3, 5 and 6 players, seed 1: games won in the base game and with soft landing
        # (rising stakes wins exactly the base game's games)
        Fraction(1019, 2000), Fraction(1351, 2000), Fraction(165, 2000), Fraction(278, 2000),
        Fraction(55, 2000), Fraction(96, 2000),
        # 20,000 games at 4 players, seed 11: base game and free-for-all
        20000, 4446, 4449,
        # games 0 to 399 of seed 1, game by game: won with soft landing but lost in the base game (none the other way)
        400, 49,
    ],
}


@cache
def lesson_05() -> list[Figure]:
    import numpy as np

    from pokerkit_teach.games.pokerguess import GAME
    from pokerkit_teach.games.pokerguess.bots import expected_counts
    from pokerkit_teach.games.pokerguess.cards import Colour, Figure as GuessFigure, pokerdrez_deck
    from pokerkit_teach.games.pokerguess.scenarios import load_scenario

    deck = pokerdrez_deck(include_neutral=False)
    green = sum(card.colour is Colour.GREEN for card in deck)
    pawns = sum(card.figure is GuessFigure.PAWN for card in deck)
    in_play = 4 * 2 + 5
    figures: list[Figure] = []
    for players in range(2, 7):
        cards = 2 * players + 5
        figures += [prob.expected_count(cards, green, len(deck)), prob.expected_count(cards, pawns, len(deck))]
    spread = [prob.hypergeometric(k, in_play, green, len(deck)) for k in range(green + 1)]
    at_least_two = 1 - spread[0] - spread[1]
    figures += [*spread, at_least_two]
    figures += [Fraction(1 - sum(prob.hypergeometric(j, in_play, pawns, len(deck)) for j in range(k)))
                for k in range(1, 6)]
    # the lesson's simulation (its cell "simulate"): 20,000 shuffled decks from seed 5
    deals = 20_000
    is_green = np.array([card.colour is Colour.GREEN for card in deck])
    counts = np.random.default_rng(5).permuted(np.tile(is_green, (deals, 1)), axis=1)[:, :in_play].sum(axis=1)
    figures += [deals, float(counts.mean()), float((counts >= 2).mean()), 100 * prob.standard_error(float(at_least_two), deals)]
    replay = load_scenario("pokerguess-example").replay()
    bot = GAME.make_bot("counter", 1)
    views = [replay.state_after(1).view_for(seat) for seat in range(len(replay.scenario.rules.players))]
    bottom = views[2]
    seen = [*bottom.private, *bottom.community]
    seen_green = sum(card.colour is Colour.GREEN for card in seen)
    unseen, hidden = len(deck) - len(seen), 2 * (len(bottom.players) - 1)
    bottom_green = seen_green + prob.expected_count(hidden, green - seen_green, unseen)
    figures += [bottom_green, bot.caution, bot.caution * float(bottom_green)]
    figures += [Fraction(sum(prob.hypergeometric(j, hidden, green - seen_green, unseen)
                             for j in range(max(0, k - seen_green), green - seen_green + 1))) for k in range(1, green + 1)]
    right = views[3]
    right_seen = [*right.private, *right.community]
    red_seen = sum(card.colour is Colour.RED for card in right_seen)
    figures += [expected_counts(right)[0][Colour.RED], prob.expected_count(hidden, green - red_seen, unseen)]
    figures += [Fraction(in_play * 13, 52)]  # among 13 cards of a French deck: 13 · 13/52 of a suit (the guide's comparison)
    return figures


@cache
def lesson_06() -> list[Figure]:
    from pokerkit_teach.games.voces.cards import Special, voces_deck

    specials = ([], [Special.RACCOON], [Special.RACCOON, Special.BABOON])
    figures: list[Figure] = [len(voces_deck(players, kinds)) for players in range(3, 7) for kinds in specials]
    for suits in (4, 5):
        figures += prob.five_card_counts(suits=suits, ace_low=False).values()
    figures += [math.comb(13, 5) - prob.five_card_counts(suits=1, ace_low=False)["straight_flush"],
                math.comb(52, 5), math.comb(65, 5), prob.five_card_counts()["flush"]]  # lesson 1's count, for comparison
    return figures


@cache
def lesson_07() -> list[Figure]:
    from pokerkit_teach.games.voces.scenarios import load_scenario
    from pokerkit_teach.games.voces.actions import FOLD_BONUS

    centre = load_scenario("voces-round-example").replay().state_after(26).round.centre[2]
    return [Fraction(FOLD_BONUS, centre)]


FIGURES: dict[str, Callable[[], list[Figure]]] = {
    "01": lesson_01, "02": lesson_02, "03": lesson_03, "04": lesson_04, "05": lesson_05, "06": lesson_06, "07": lesson_07,
}


# ---------------------------------------------------------------- the tests

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("number", sorted(LESSONS))
def test_every_figure_stated_is_one_the_kit_computes(number: str, lang: str) -> None:
    figures = FIGURES[number]()
    wrong = []
    for kind, text in texts(number, lang).items():
        for written, sort, value, decimals in numbers(text, lang):
            if sort == "whole" and value < 100:
                continue
            if not any(matches(sort, value, decimals, figure) for figure in figures):
                wrong.append(f"{kind}: {written}")
    assert not wrong, f"lesson {number} ({lang}): figures the kit does not compute: {wrong}"


def rules_card_figures() -> dict[str, list[Figure]]:
    """The figures the rules cards state (their small numbers are the rulebooks' own)."""
    from pokerkit_teach.games.pokerguess import PokerGuessRules

    return {"pokerface": [], "pokerguess": [PokerGuessRules(("A", "B")).max_rounds], "poker_a_voces": []}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_cards_figures_are_the_kits(lang: str) -> None:
    for game, figures in rules_card_figures().items():
        page = page_text(ROOT / "docs" / "teachers" / lang / f"rules_card_{game}.html")
        wrong = [written for written, kind, value, decimals in numbers(page, lang)
                 if not (kind == "whole" and value < 100) and not any(matches(kind, value, decimals, f) for f in figures)]
        assert not wrong, f"rules card {game} ({lang}): {wrong}"


@pytest.mark.parametrize(("lang", "text", "found"), [
    ("en", "20,000 deals, 19.0% and 0.35 points; 2,598,960; C(3,1); 1/3125", [("20,000", "whole", 20000.0, 0), ("19.0%", "percent", 19.0, 1),
                                                                          ("0.35", "decimal", 0.35, 2), ("2,598,960", "whole", 2598960.0, 0),
                                                                          ("1", "whole", 1.0, 0)]),
    ("de", "20.000 Verteilungen, 19,0 % und 0,35 Punkte; 20 000; 1090; 2.598.960",
     [("20.000", "whole", 20000.0, 0), ("19,0 %", "percent", 19.0, 1), ("0,35", "decimal", 0.35, 2), ("20 000", "whole", 20000.0, 0),
      ("1090", "whole", 1090.0, 0), ("2.598.960", "whole", 2598960.0, 0)]),
    ("es", "3618 repartos y 19,0\u00a0%", [("3618", "whole", 3618.0, 0), ("19,0 %", "percent", 19.0, 1)]),
])
def test_numbers_are_read_as_each_language_writes_them(lang: str, text: str, found: list[tuple[str, str, float, int]]) -> None:
    assert list(numbers(text, lang)) == found


def test_a_figure_off_by_one_in_the_last_decimal_is_found() -> None:
    assert matches("percent", 19.0, 1, 0.18956) and not matches("percent", 18.9, 1, 0.19)
    assert matches("decimal", 0.35, 2, 0.3514) and not matches("decimal", 0.7, 1, 0.3514)  # the old 1/√N
    assert matches("whole", 1090, 0, 1090) and not matches("whole", 1091, 0, 1090)


@pytest.mark.slow
def test_the_played_figures() -> None:
    """The figures of PLAYED, played again."""
    from pokerkit_teach.core.registry import get_game
    from pokerkit_teach.core.simulate import play_games

    played: list[Figure] = []
    for players in (3, 5, 6):
        won = {name: _games(players, variants, 2000, 1).totals["won"] for name, variants in CONFIGURATIONS.items()
               if name != "free-for-all"}
        assert won["rising-stakes"] == won["base"]
        played += [Fraction(int(won["base"]), 2000), Fraction(int(won["soft-landing"]), 2000)]
    played += [20000, *(int(_games(4, CONFIGURATIONS[name], 20000, 11).totals["won"]) for name in ("base", "free-for-all"))]
    info = get_game("pokerface")
    rules = {name: info.new_rules(4, {"variants": list(CONFIGURATIONS[name])}) for name in ("base", "soft-landing")}
    won = {name: [play_games(info, rules[name], ("estimator",), 1, range(game, game + 1), "batch")["won"] for game in range(400)]
           for name in rules}
    assert not any(base > soft for base, soft in zip(won["base"], won["soft-landing"], strict=True))
    played += [400, sum(soft > base for base, soft in zip(won["base"], won["soft-landing"], strict=True))]
    assert played == PLAYED["04"]


def test_the_intervals_are_the_kits() -> None:
    # the lab's and the lessons' 95% intervals are Wilson's at z = 1.96, as the answer keys quote them
    low, high = wilson_interval(1090, 5000)
    assert (round(100 * low, 1), round(100 * high, 1)) == (20.7, 23.0)
