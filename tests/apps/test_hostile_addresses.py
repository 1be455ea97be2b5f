"""No address breaks an app: every parameter of an app's address (lang, seed, players, scenario, deal, play,
tab), given any text (long, with control characters or other scripts' digits, numbers of any size), is read
or named in one bounded line in every language and replaced by its default; a deal code of any text is
read or refused with a ScenarioError, within the limits (core/limits.py). Hypothesis draws 2,000 cases for
each parameter (derandomized).
"""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerkit_teach.core.dealcode import decode_code
from pokerkit_teach.core.i18n import LANGUAGES
from pokerkit_teach.core.limits import MAX_CODE_CHARS, MAX_DETAIL_CHARS, MAX_QUERY_CHARS
from pokerkit_teach.core.scenarios import ScenarioError
from pokerkit_teach.widgets.params import AppParams, app_params

CASES = settings(max_examples=2000, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck), database=None)
PARAMETERS = ("lang", "seed", "players", "scenario", "deal", "play", "tab")

TEXTS = st.one_of(
    st.text(max_size=30),
    st.text(min_size=300, max_size=4000),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.sampled_from(["", " ", "true", "1.0", "٣", "²", "1\n", "\x00", "%00", "de\u200b", "../..", "<script>", "9" * 30]),
)


def bounded(params: AppParams) -> None:
    for lang in LANGUAGES:
        for text in params.error_texts(lang):
            assert "\n" not in text and len(text) <= 2 * MAX_DETAIL_CHARS, text[:200]


@pytest.mark.parametrize("name", PARAMETERS)
def test_any_value_of_a_parameter_is_read_or_named_in_one_bounded_line(name: str) -> None:
    @CASES
    @given(TEXTS, st.booleans())
    def check(value: str, twice: bool) -> None:
        from urllib.parse import quote

        query = f"{name}={quote(value)}" + (f"&{name}=x" if twice else "")
        params = app_params(query, tabs=("cards", "play"))
        assert params.lang in LANGUAGES and 3 <= params.players <= 6 and isinstance(params.play, bool)
        assert params.seed is None or 0 <= params.seed < 10**18
        assert params.tab in (None, "cards", "play")
        bounded(params)

    check()


def test_an_address_longer_than_the_kit_reads_is_ignored_as_a_whole() -> None:
    params = app_params("lang=de&deal=" + "x" * MAX_QUERY_CHARS)
    assert params.lang == "en" and params.deal is None and [key for key, _ in params.errors] == ["apps.params.too_long"]
    bounded(params)


CODES = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=400).map(lambda t: "1." + t),
    st.binary(max_size=300).map(lambda b: "1." + base64.urlsafe_b64encode(b).decode().rstrip("=")),
    st.integers(min_value=0, max_value=10**60).map(lambda n: f"{n}.AAAA"),
)


@CASES
@given(CODES)
def test_a_deal_code_of_any_text_is_read_or_refused_by_name(code: str) -> None:
    try:
        data = decode_code(code)
    except ScenarioError as error:
        for lang in LANGUAGES:
            text = error.text(lang)
            assert "\n" not in text and len(text) <= 3 * MAX_DETAIL_CHARS
    else:
        assert isinstance(data, dict)


def _code_of(body: bytes) -> str:
    import hashlib

    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(body) + deflate.flush()
    blob = bytes([len(packed) % 256]) + hashlib.blake2b(packed, digest_size=3).digest() + packed
    return "1." + base64.urlsafe_b64encode(blob).decode("ascii").rstrip("=")


def test_a_short_code_that_unpacks_to_a_huge_text_is_refused_while_it_unpacks() -> None:
    bomb = _code_of(b'["pokerface",{"players":["' + b"A" * (40 * 1024 * 1024) + b'"]},0,[]]')
    assert len(bomb) < MAX_CODE_CHARS
    with pytest.raises(ScenarioError) as refused:
        decode_code(bomb)
    assert refused.value.key == "dealcode.too_large"


def test_a_code_longer_than_any_game_is_refused_before_it_is_read() -> None:
    with pytest.raises(ScenarioError) as refused:
        decode_code("1." + "A" * (MAX_CODE_CHARS + 1))
    assert refused.value.key == "dealcode.too_long"
