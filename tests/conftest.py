"""Every test gets its own data folder: no test ever touches the player's real saves.

Also: the hypothesis profiles (a quick "dev" default; the thorough "ci" one when the CI
environment variable is set, as .ci/run does), and one closing line saying what was skipped
and why (a clone without ../shared/seeds skips only the checks against the real rulebooks).

The repository root is on sys.path through ``pythonpath`` in pyproject.toml and every test
folder is a package, so tests import helpers as ``tests.pilot_keys`` or ``tests.demo``.
"""

from __future__ import annotations

import gc
import itertools
import os
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Few examples while working (the properties still run every time; a failing example found
# once is replayed from .hypothesis/), hypothesis' own default of 100 in CI: five times the
# search at a bounded cost (the property test files take 9 s of CPU so, 26 s at 300). Neither
# has a deadline nor the too-slow health check: a busy machine must not turn a slow example
# into a failure.
settings.register_profile(
    "dev", max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI")
                                                               else "dev"))


def pytest_configure(config: pytest.Config) -> None:
    """Collect the garbage less often than Python's default: collecting the tests (parsing
    them to rewrite their asserts) and the ~150 Textual apps they make and drop create
    objects by the million, and the default thresholds ran the collector thousands of
    times, a fifth of the suite's CPU. What a test checks is unchanged."""
    gc.set_threshold(20_000, 20, 50)
    _cheap_pin_work_factors()
    if os.environ.get(SIXTH_GAME):  # the run that proves no test depends on the games there are
        from tests.sixth import INFO
        from trackers.games import registry

        registry.register(INFO)


SIXTH_GAME = "TABLESIDE_TEST_SIXTH_GAME"  # set: a sixth game is registered for the whole run

# scrypt's work factors for a PIN as the app ships them (tableside.vault and tableside.pins),
# read before the tests lower them; the test of the wrapped key asks for them back
# (``production_pin_work_factors``).
PRODUCTION_PIN_WORK_FACTORS: dict[str, tuple[int, int, int]] = {}


def _cheap_pin_work_factors() -> None:
    """Each PIN set or typed costs the app ~45 ms of scrypt by design, and the tests set and
    type several hundred: 20 s of CPU spent making guessing slow for nobody. The tests use
    the lowest factors instead; every record keeps the factors it was made with, so what is
    sealed, opened and refused is the same, only quicker (child processes keep the app's)."""
    from tableside import pins, vault

    for module in (vault, pins):
        PRODUCTION_PIN_WORK_FACTORS[module.__name__] = (module.N, module.R, module.P)
        module.N, module.R, module.P = 2, 1, 1


@pytest.fixture
def production_pin_work_factors(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's own scrypt work factors for this test (see _cheap_pin_work_factors)."""
    from tableside import pins, vault

    for module in (vault, pins):
        n, r, p = PRODUCTION_PIN_WORK_FACTORS[module.__name__]
        monkeypatch.setattr(module, "N", n)
        monkeypatch.setattr(module, "R", r)
        monkeypatch.setattr(module, "P", p)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Never rescan what loading the tests loaded (Textual, the games, the tests); where
    they loaded Textual, its apps share their CSS parses (tests/textual_probe.py)."""
    import sys

    if "textual" in sys.modules:
        from tests.textual_probe import share_css_parses

        share_css_parses()
    gc.collect()
    gc.freeze()


_data_dirs = itertools.count()


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path_factory: pytest.TempPathFactory,
                      monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own, not yet made (as the app finds one the first time).
    Not under ``tmp_path``: making a numbered folder for each of ~2,500 tests, most of which
    never write a file, cost more CPU than many of the tests."""
    data = tmp_path_factory.getbasetemp() / "data" / str(next(_data_dirs))
    monkeypatch.setenv("TABLESIDE_DATA_DIR", str(data))
    return data


@pytest.fixture(autouse=True)
def sound_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test speaks or says it cannot (a test of the voice turns it back on)."""
    monkeypatch.setenv("TABLESIDE_SOUND", "off")


@pytest.fixture(autouse=True)
def pins_offer_not_now(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilots through New game go on past its "Set the PINs now?" (Not now), unless the test
    asks for ``pins_offer_shown``; a run that never loaded Textual pays nothing for it."""
    import sys

    if "textual" in sys.modules and "pins_offer_shown" not in request.fixturenames:
        from tests.pilot_keys import pins_offer_answered_not_now

        pins_offer_answered_not_now(monkeypatch)


@pytest.fixture
def pins_offer_shown() -> None:
    """New game's "Set the PINs now?" waits for the pilot's answer (see pins_offer_not_now)."""


@pytest.fixture
def demo_registered() -> Iterator[None]:
    """Make the small demo game available to the registry (and the New game form)."""
    from tests.demo import INFO
    from trackers.games import registry

    registry.register(INFO)
    try:
        yield
    finally:
        registry.unregister("demo")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: how many tests were skipped, grouped by reason (none: nothing said)."""
    reasons: Counter[str] = Counter()
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        reasons[reason.removeprefix("Skipped: ")] += 1
    if reasons:
        total = sum(reasons.values())
        parts = "; ".join(f"{n} × {reason}" for reason, n in reasons.most_common())
        terminalreporter.write_line(f"skipped {total}: {parts}")
    terminalreporter.write_line(f"hypothesis profile: {settings.get_current_profile_name()}")
