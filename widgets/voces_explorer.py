"""The Póker a Voces explorer: the deck, ranking hands with wild cards, the special cards at a reveal, the
rulebook's examples and a round against bots.

Five tabs; ``?tab=deck``, ``rank``, ``specials``, ``examples`` or ``play`` in the address opens that one (default:
the first):

1. **Deck**: choose 3 to 6 players and up to two kinds of special card; see the deck: one suit more than
   players, 13 cards each, and as many copies of each special card as there are suits.
2. **Rank**: deal seeded hands (``?seed=``, ``?players=``) or type them, one per line
   (``Anna = Ks1 Ks2 Ks3 Ks4 raccoon``); the engine reveals them as in a game (Baboons swapped,
   Raccoons and Doves checked, wild cards resolved, Capybaras counted) and ranks them.
3. **Special cards**: a prepared set of hands for each special card, revealed step by step.
4. **Rulebook examples**: the three built-in scenarios step by step, forward and back.
5. **Play against bots**: a round (or three) in seat 0, or with others at a room's table (:mod:`widgets.voces_play`;
   a seat link ``?room=CODE&seat=TOKEN`` opens this tab at that seat).

Bad input is named in a message and changes nothing. CSS classes: ``pkt-voces-tabs``; the deck:
``pkt-voces-deck-players``, ``pkt-voces-special-choice`` (and ``pkt-voces-special-<kind>``),
``pkt-voces-deck``, ``pkt-voces-deck-size``; ranking: ``pkt-voces-rank-players``, ``pkt-voces-deal``,
``pkt-voces-hands``, ``pkt-voces-use``, ``pkt-voces-seed``, ``pkt-voces-rank-result`` (with
``pkt-voces-steps``, ``pkt-voces-step-<name>``, ``pkt-voces-ranking``, ``pkt-voces-wild``); special
cards: ``pkt-voces-example-choice``, ``pkt-voces-example-about``, ``pkt-voces-example-result``; the
rulebook: ``pkt-voces-scenario``, ``pkt-voces-first``, ``pkt-voces-back``, ``pkt-voces-forward``,
``pkt-voces-last``, ``pkt-voces-step-counter``, ``pkt-voces-narration``, ``pkt-voces-scenario-table``;
the game: see :mod:`widgets.voces_play`.
"""

from __future__ import annotations

import secrets
from typing import Sequence

import ipywidgets

from pokerkit_teach.core.errors import OptionError
from pokerkit_teach.core.rng import make_rng
from pokerkit_teach.games.voces.scenarios import VocesReplay, load_scenario
from pokerkit_teach.games.voces.rules import VocesRules
from pokerkit_teach.games.voces.state import VocesState
from pokerkit_teach.games.voces.cards import AnyVocesCard, Special, VocesCard, parse_voces_cards, shuffled_voces_deck, voces_deck
from pokerkit_teach.games.voces.reveal import RevealResult, reveal

from .app import App, esc
from .navigator import StepNavigator
from .voces_parts import (
    NAMES,
    PHASE_KEYS,
    SPECIAL_EXAMPLES,
    InputProblem,
    SpecialsPicker,
    deck_html,
    hands_input,
    parse_voces_hands,
    reveal_steps_html,
    voces_cards_html,
)
from .voces_play import VocesGame

__all__ = ["VocesExplorerApp"]

_K = "apps.voces."
TABS = ("deck", "rank", "specials", "examples", "play")
SCENARIOS = ("voces-trade-offer", "voces-round-example", "voces-capybara")
Hands = list[tuple[str, tuple[AnyVocesCard, ...]]]


class VocesExplorerApp(App):
    """Póker a Voces: the deck, hand ranking with wild cards, the special cards, the rulebook, a round."""

    title_key = _K + "title"
    players_error = _K + "bad_players"
    tab_names = TABS  # ?tab=NAME opens that tab

    def build(self) -> list[ipywidgets.Widget]:
        self.seed = self.params.seed if self.params.seed is not None else secrets.randbelow(1_000_000)
        self.rng = make_rng(self.seed)
        self.deal_number = 0
        self.dealt = False
        self.hands: Hands = []
        self.revealed: RevealResult | None = None
        self._relabelling = False  # new words for a list's options must not count as a new choice
        self.intro = ipywidgets.HTML()
        self.tabs = ipywidgets.Tab(children=[self._build_deck(), self._build_rank(), self._build_specials(),
                                             self._build_examples(), self._build_play()])
        self.tabs.add_class("pkt-voces-tabs")
        self.deal(announce=False)
        self.game.new_game()
        return [self.intro, self.tabs]

    # ------------------------------------------------------------------ tab 1: the deck
    def _build_deck(self) -> ipywidgets.Widget:
        self.deck_intro = ipywidgets.HTML()
        self.deck_players = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=self.params.players, layout=ipywidgets.Layout(width="12em"))
        self.deck_players.add_class("pkt-voces-deck-players")
        self.deck_specials = SpecialsPicker([Special.RACCOON])
        self.deck_chosen: list[Special] = [Special.RACCOON]
        self.deck_view = ipywidgets.HTML()
        self.deck_view.add_class("pkt-voces-deck")
        self.deck_players.observe(self.guarded(lambda _: self.show_deck()), names="value")
        self.deck_specials.observe(self.guarded(lambda _: self.show_deck()))
        return ipywidgets.VBox([self.deck_intro, self.deck_players, self.deck_specials.box, self.deck_view])

    def show_deck(self) -> None:
        """The deck for the players and special cards chosen; a choice the engine refuses (three kinds or
        more) is named, and the deck shown stays as it was."""
        chosen = self.deck_specials.chosen()
        if not self._specials_allowed(int(self.deck_players.value), chosen):
            return
        self.deck_chosen = chosen
        self.say("")
        self._refresh_deck()

    def _specials_allowed(self, players: int, specials: Sequence[Special]) -> bool:
        """Whether the engine's rules allow these special cards (at most two kinds); if not, say so."""
        try:
            VocesRules(NAMES[:players], specials=specials, rounds=1)
        except OptionError as error:
            if error.option != "specials":
                raise
            self.say(self.t(_K + "too_many_specials"), "error")
            return False
        return True

    # ------------------------------------------------------------------ tab 2: ranking
    def _build_rank(self) -> ipywidgets.Widget:
        self.rank_intro = ipywidgets.HTML()
        self.rank_players = ipywidgets.Dropdown(options=[3, 4, 5, 6], value=self.params.players, layout=ipywidgets.Layout(width="12em"))
        self.rank_players.add_class("pkt-voces-rank-players")
        self.rank_specials = SpecialsPicker([Special.RACCOON])
        self.deal_button = ipywidgets.Button(button_style="primary")
        self.deal_button.add_class("pkt-voces-deal")
        self.deal_button.on_click(self.guarded(lambda _: self.deal()))
        self.hands_input = ipywidgets.Textarea(rows=6, layout=ipywidgets.Layout(width="40em"))
        self.hands_input.add_class("pkt-voces-hands")
        self.use_button = ipywidgets.Button(button_style="primary")
        self.use_button.add_class("pkt-voces-use")
        self.use_button.on_click(self.guarded(lambda _: self.use_typed()))
        self.seed_line = ipywidgets.HTML()
        self.seed_line.add_class("pkt-voces-seed")
        self.rank_result = ipywidgets.HTML()
        self.rank_result.add_class("pkt-voces-rank-result")
        return ipywidgets.VBox([
            self.rank_intro, ipywidgets.HBox([self.rank_players, self.deal_button]), self.rank_specials.box,
            self.hands_input, ipywidgets.HBox([self.use_button]), self.seed_line, self.rank_result,
        ])

    def deal(self, announce: bool = True) -> None:
        """Deal five cards to each player from a seeded, shuffled deck and reveal the hands."""
        count = int(self.rank_players.value)
        specials = self.rank_specials.chosen()
        if not self._specials_allowed(count, specials):
            return
        deck = shuffled_voces_deck(count, specials, seed=self.rng)
        hands = [(NAMES[n], tuple(deck[5 * n: 5 * n + 5])) for n in range(count)]
        rest = [c for c in deck[5 * count:] if isinstance(c, VocesCard)]
        self.deal_number += 1
        self._show_hands(hands, reveal(dict(hands), draw_pile=rest, seed=self.rng), dealt=True)
        self.say(self.t(_K + "dealt", count=count) if announce else "")

    def use_typed(self) -> None:
        """Reveal and rank the typed hands; bad input leaves everything as it was and says why."""
        try:
            hands = parse_voces_hands(self.hands_input.value)
        except InputProblem as problem:
            self.say(problem.text(self.lang), "error")
            return
        typed = {c for _, cards in hands for c in cards}
        rest = [c for c in voces_deck(6) if isinstance(c, VocesCard) and c not in typed]  # the box's seven suits
        self._show_hands(hands, reveal(dict(hands), draw_pile=rest, seed=self.seed), dealt=False)
        self.say(self.t(_K + "typed", count=len(hands)))

    def _show_hands(self, hands: Hands, result: RevealResult, dealt: bool) -> None:
        self.hands, self.revealed, self.dealt = hands, result, dealt
        self.hands_input.value = hands_input(hands)
        self._refresh_rank()

    # ------------------------------------------------------------------ tab 3: the special cards
    def _build_specials(self) -> ipywidgets.Widget:
        self.specials_intro = ipywidgets.HTML()
        self.example_choice = ipywidgets.Dropdown(options=[(e.name, e.name) for e in SPECIAL_EXAMPLES], value=SPECIAL_EXAMPLES[0].name,
                                                  layout=ipywidgets.Layout(width="32em"))
        self.example_choice.add_class("pkt-voces-example-choice")
        self.example_choice.observe(lambda _: self._refresh_specials() if not self._relabelling else None, names="value")
        self.example_about = ipywidgets.HTML()
        self.example_about.add_class("pkt-voces-example-about")
        self.example_result = ipywidgets.HTML()
        self.example_result.add_class("pkt-voces-example-result")
        return ipywidgets.VBox([self.specials_intro, self.example_choice, self.example_about, self.example_result])

    def special_example(self, name: str) -> tuple[Hands, RevealResult]:
        """A prepared example's hands and what the engine's reveal makes of them."""
        example = next(e for e in SPECIAL_EXAMPLES if e.name == name)
        hands = parse_voces_hands("\n".join(f"{player} = {cards}" for player, cards in example.hands))
        drawn = [c for c in parse_voces_cards(example.drawn) if isinstance(c, VocesCard)] if example.drawn else None
        return hands, reveal(dict(hands), drawn=drawn)

    # ------------------------------------------------------------------ tab 4: the rulebook's examples
    def _build_examples(self) -> ipywidgets.Widget:
        self.examples_intro = ipywidgets.HTML()
        self.scenario = ipywidgets.Dropdown(options=list(SCENARIOS), value=SCENARIOS[1], layout=ipywidgets.Layout(width="40em"))
        self.scenario.add_class("pkt-voces-scenario")
        self.scenario.observe(self.guarded(lambda _: self._choose_scenario() if not self._relabelling else None), names="value")
        self._replays: dict[str, VocesReplay] = {}
        self.navigator = StepNavigator(lambda: len(self.replay().steps), self._refresh_examples, self.guarded,
                                       prefix="pkt-voces-", counter_class="pkt-voces-step-counter")
        self.narration = ipywidgets.HTML()
        self.narration.add_class("pkt-voces-narration")
        self.scenario_table = ipywidgets.HTML()
        self.scenario_table.add_class("pkt-voces-scenario-table")
        return ipywidgets.VBox([self.examples_intro, self.scenario, self.navigator.box, self.narration, self.scenario_table])

    def replay(self) -> VocesReplay:
        name = str(self.scenario.value)
        if name not in self._replays:
            self._replays[name] = load_scenario(name).replay()
        return self._replays[name]

    def _choose_scenario(self) -> None:
        self.navigator.show(1)

    # ------------------------------------------------------------------ tab 5: the game
    def open_linked(self) -> None:
        """``?scenario=NAME`` or ``?deal=CODE``: the game tab opens with that situation (unless ``?tab=``
        names the tab to open)."""
        self.open_linked_in_play_tab(self.game.desk, self.game.join)

    def _build_play(self) -> ipywidgets.Widget:
        self.game = VocesGame(self)
        return self.game.box

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        if not self.hands:
            return
        t = self.t
        self.intro.value = f"<p>{esc(t(_K + 'intro'))}</p>"
        self.tabs.titles = tuple(t(_K + "tab." + name) for name in TABS)
        self._refresh_deck()
        self._refresh_rank()
        self._refresh_specials()
        self._refresh_examples()
        self.game.refresh()

    def _refresh_deck(self) -> None:
        t, lang = self.t, self.lang
        self.deck_intro.value = f"<p>{esc(t(_K + 'deck_intro'))}</p>"
        self.deck_players.description = t("apps.common.players")
        self.deck_specials.refresh(lang, t(_K + "specials_label"), t(_K + "specials_tip"))
        players = int(self.deck_players.value)
        self.deck_view.value = deck_html(voces_deck(players, self.deck_chosen), players, self.deck_chosen, lang)

    def _refresh_rank(self) -> None:
        t, lang = self.t, self.lang
        self.rank_intro.value = f"<p>{esc(t(_K + 'rank_intro'))}</p>"
        self.rank_players.description = t("apps.common.players")
        self.rank_specials.refresh(lang, t(_K + "specials_label"), t(_K + "specials_tip"))
        self.deal_button.description = t(_K + "deal")
        self.deal_button.tooltip = t(_K + "deal_tip")
        self.hands_input.description = t(_K + "hands_label")
        self.hands_input.placeholder = t(_K + "hands_placeholder")
        self.use_button.description = t(_K + "use")
        self.use_button.tooltip = t(_K + "use_tip")
        seed = t(_K + "seed", seed=self.seed, deal=self.deal_number) if self.dealt else t(_K + "seed_typed")
        self.seed_line.value = f"<p>{esc(seed)}</p>"
        if self.revealed is not None:
            self.rank_result.value = reveal_steps_html(self.hands, self.revealed, lang)

    def _refresh_specials(self) -> None:
        t, lang = self.t, self.lang
        self.specials_intro.value = f"<p>{esc(t(_K + 'specials_intro'))}</p>"
        self.example_choice.description = t(_K + "example_label")
        self._relabel(self.example_choice, [(t(_K + f"example.{e.name}.title", card=e.kind), e.name) for e in SPECIAL_EXAMPLES])
        name = str(self.example_choice.value)
        example = next(e for e in SPECIAL_EXAMPLES if e.name == name)
        hands, result = self.special_example(name)
        about = t(_K + f"example.{name}.about")
        drawn = ""
        if example.drawn:
            drawn = f"<p>{esc(t(_K + 'example_drawn'))} {voces_cards_html(parse_voces_cards(example.drawn), lang)}</p>"
        self.example_about.value = f"<p>{esc(about)}</p>{drawn}"
        self.example_result.value = reveal_steps_html(hands, result, lang)

    def _refresh_examples(self) -> None:
        t, lang = self.t, self.lang
        replay = self.replay()
        self.examples_intro.value = f"<p>{esc(t(_K + 'examples_intro'))}</p>"
        self.scenario.description = t("apps.replay.scenario")
        self._relabel(self.scenario, [(self._scenario_title(name), name) for name in SCENARIOS])
        self.navigator.refresh(lang)
        step = replay.steps[self.navigator.step - 1]
        head = t(_K + "example_round", round=step.round) + (" · " + t(_K + "example_move", move=step.move) if step.move else "")
        events = "".join(f"<li>{esc(line)}</li>" for line in step.lines(lang))
        self.narration.value = f"<h3>{esc(head)}</h3><ul class='pkt-voces-events'>{events}</ul>"
        self.scenario_table.value = self._scenario_table_html(replay.state_after(self.navigator.step))

    def _relabel(self, choice: ipywidgets.Dropdown, options: list[tuple[str, str]]) -> None:
        """Put the options of a list into words again, keeping the choice (and not reacting to it)."""
        if list(choice.options) == options:
            return
        value = choice.value
        self._relabelling = True
        try:
            choice.options = options
            choice.value = value
        finally:
            self._relabelling = False

    def _scenario_title(self, name: str) -> str:
        if name not in self._replays:
            return load_scenario(name).title(self.lang)
        return self._replays[name].scenario.title(self.lang)

    def _scenario_table_html(self, state: VocesState) -> str:
        """Everything on the table after a step (a lesson may show every player's cards)."""
        t, lang = self.t, self.lang
        columns = ("player", "in_hand", "hand1", "hand2", "hand3", "coins", "folded", "won", "score")
        head = "".join(f"<th scope='col'>{esc(t(_K + 'table.' + c))}</th>" for c in columns)
        rows = []
        for seat, name in enumerate(state.players):
            view = state.view_for(seat)
            held = voces_cards_html(view.hand, lang) if view.hand else "—"
            placed = []
            for token in (1, 2, 3):
                if token <= len(view.placed):
                    cards = view.placed[token - 1]
                    placed.append(voces_cards_html(cards, lang) if cards is not None else esc(t(_K + "table.blind")))
                else:
                    placed.append("—")
            coins = " · ".join(f"{h}: {'+'.join(map(str, c)) or '–'}" for h, c in enumerate(view.coins[seat], start=1))
            folded = ", ".join(map(str, view.folded[seat])) or "—"
            rows.append(f"<tr><th scope='row'>{esc(name)}</th><td>{held}</td>{''.join(f'<td>{p}</td>' for p in placed)}"
                        f"<td>{esc(coins)}</td><td>{esc(folded)}</td><td>{view.won[seat]}</td><td>{view.scores[seat]}</td></tr>")
        view = state.view_for(0)
        centre = t("apps.voces.play.centre", one=view.centre[0], two=view.centre[1], three=view.centre[2])
        phase = t(PHASE_KEYS[view.phase])
        return (f"<h3>{esc(t(_K + 'table.heading', phase=phase))}</h3>"
                f"<table cellpadding='3' style='border-collapse:collapse'><tr>{head}</tr>{''.join(rows)}</table><p>{esc(centre)}</p>")