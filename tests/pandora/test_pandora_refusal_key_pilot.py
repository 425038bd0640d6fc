"""A refusal that names the engine's own action ('Choose a secret') gives its key too, as
for any game action: found by a new user whose Next step was refused at the Hidden Agendas
with no key to press."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.pilot_keys import record_notifications, resume_first
from trackers.games.pandora_celeste import cycle


def at_the_agendas(data: Path) -> None:
    table = Tableside(data)
    play = table.create("pandora-celeste", 2, names=["Ann", "Bo"],
                        options={"crew": ["Cargo", "Cap"]})
    play.do("next_step")
    play.do("add_protocol", name="Vacuum", start=4)
    play.do("add_protocol", name="Aircon", start=6)
    while cycle.current(play.state) != "agendas":
        play.do("next_step")
    play.close()
    table.close()


async def test_next_step_refused_at_the_agendas_says_the_key_that_settles_it(
        tmp_path: Path) -> None:
    from tui.app import TablesideApp

    at_the_agendas(tmp_path)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_first(pilot)
        said = record_notifications(app)
        await pilot.press("n")
        await pilot.pause()
        assert any("'Choose a secret' (key c)" in message for message in said), said
