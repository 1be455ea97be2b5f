"""How long ranking a hand with wild cards takes: ``.venv/bin/python benchmarks/voces_wilds.py``.

Prints the time to rank the five-Raccoon hand (the slowest case of the old search, 26^5 trials) both
ways, for the best and for the worst hand (an odd number of Capybaras), and a few hands with fewer wilds.
"""

from __future__ import annotations

import timeit

from pokerkit_teach.games.voces.ranking import rank_voces_hand

HANDS = (
    "raccoon raccoon#2 raccoon#3 raccoon#4 raccoon#5",
    "2s1 raccoon raccoon#2 raccoon#3 raccoon#4",
    "As1 Ks1 raccoon raccoon#2 raccoon#3",
    "2s1 3s2 4s3 6s4 raccoon",
)


def main() -> None:
    for hand in HANDS:
        for lowest in (False, True):
            runs = 50
            seconds = min(timeit.repeat(lambda: rank_voces_hand(hand, lowest=lowest), number=runs, repeat=5)) / runs
            way = "worst" if lowest else "best"
            print(f"{hand:<50} {way:<5} {seconds * 1000:7.3f} ms  {rank_voces_hand(hand, lowest=lowest).describe()}")


if __name__ == "__main__":
    main()
