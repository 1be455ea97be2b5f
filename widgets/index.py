"""The index app: every app and lesson, with what each one teaches, in the learner's language.

Links keep the chosen language (``?lang=de``); each lesson is named with its number, as the lessons, the
guides and the worksheets number them. CSS classes: ``pkt-index``, ``pkt-index-app``, ``pkt-index-lesson``.
"""

from __future__ import annotations

import ipywidgets

from .app import App, esc

__all__ = ["IndexApp", "APPS", "LESSONS"]

APPS = ("hand_ranker", "replay", "table", "variant_lab", "pokerguess_explorer", "voces_explorer", "class_tables")
LESSONS = ("01_cards_and_hand_ranking", "02_rules_of_pokerface", "03_reading_the_tokens", "04_variants", "05_pokerguess",
           "06_poker_a_voces_cards", "07_poker_a_voces_betting")


class IndexApp(App):
    title_key = "apps.index.title"

    def build(self) -> list[ipywidgets.Widget]:
        self.listing = ipywidgets.HTML()
        self.listing.add_class("pkt-index")
        return [self.listing]

    def refresh(self) -> None:
        lang = self.lang
        apps = "".join(
            f"<li class='pkt-index-app'><a style='color:#1a5fb4;text-decoration:underline' href='{name}.ipynb?lang={lang}'>{esc(self.t(f'apps.index.app.{name}'))}</a>: "
            f"{esc(self.t(f'apps.index.teaches.{name}'))}</li>"
            for name in APPS
        )
        lessons = "".join(
            f"<li class='pkt-index-lesson'><a style='color:#1a5fb4;text-decoration:underline' href='lessons/{lang}/{name}.ipynb'>"
            f"{esc(self.t('apps.index.numbered', number=int(name[:2]), title=self.t(f'apps.index.lesson.{name[3:]}')))}</a>: "
            f"{esc(self.t(f'apps.index.lesson_teaches.{name[3:]}'))}</li>"
            for name in LESSONS
        )
        self.listing.value = (
            f"<p>{esc(self.t('apps.index.intro'))}</p>"
            f"<h3>{esc(self.t('apps.index.apps'))}</h3><ul>{apps}</ul>"
            f"<h3>{esc(self.t('apps.index.lessons'))}</h3><ul>{lessons}</ul>"
            f"<p class='pkt-index-glossary'><a style='color:#1a5fb4;text-decoration:underline' href='lessons/{lang}/glossary.ipynb'>"
            f"{esc(self.t('apps.index.glossary.link'))}</a>: {esc(self.t('apps.index.glossary.teaches'))}</p>"
        )
