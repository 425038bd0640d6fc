"""Panels redraw in place: a new text of the same height repaints its panel
without laying the screen out again, a taller one grows the panel, the same text does nothing;
the side log's changing length leaves the screen's layout alone yet scrolls as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tests.pilot_keys import resume_first, save_game
from tests.textual_probe import layouts_of, option_line
from tests.tui.screen_text import panel_text, screen_text
from tui.app import TablesideApp
from tui.widgets.in_place import update_in_place
from tui.widgets.log_panel import LogPanel


class Panels(App[None]):
    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("one\ntwo", id="auto", markup=False)
            yield Static("fixed", id="fixed", markup=False)

    CSS = "#fixed { height: 3; }"


def layouts_asked(widget: Static, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Every refresh the widget asks for from now on: True when it asks for a layout."""
    asked: list[bool] = []
    original = widget.refresh

    def refresh(*regions: Any, **kwargs: Any) -> Any:
        asked.append(bool(kwargs.get("layout")))
        return original(*regions, **kwargs)

    monkeypatch.setattr(widget, "refresh", refresh)
    return asked


async def test_a_text_of_the_same_height_repaints_without_a_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one("#auto", Static)
        asked = layouts_asked(panel, monkeypatch)
        update_in_place(panel, "three\nfour")
        await pilot.pause()
        assert asked and not any(asked)
        assert "three" in screen_text(app) and panel.size.height == 2


async def test_a_taller_text_grows_its_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        panel = app.query_one("#auto", Static)
        asked = layouts_asked(panel, monkeypatch)
        update_in_place(panel, "a\nb\nc\nd")
        await pilot.pause()
        assert any(asked)
        assert panel.size.height == 4 and "d" in str(panel.render())
        update_in_place(panel, "a")  # and shrinks it again
        await pilot.pause()
        assert panel.size.height == 1


async def test_the_same_text_changes_nothing_and_a_fixed_panel_needs_no_layout(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Panels()
    async with app.run_test(size=(40, 12)) as pilot:
        auto, fixed = app.query_one("#auto", Static), app.query_one("#fixed", Static)
        asked_auto, asked_fixed = layouts_asked(auto, monkeypatch), layouts_asked(fixed,
                                                                                  monkeypatch)
        update_in_place(auto, "one\ntwo")
        update_in_place(fixed, "1\n2\n3\n4\n5")
        await pilot.pause()
        assert asked_auto == [] and asked_fixed and not any(asked_fixed)
        assert fixed.size.height == 3


@pytest.mark.usefixtures("demo_registered")
async def test_the_side_log_follows_undo_without_a_layout(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the head's line two rows long, three once "(undone: r redoes)" follows it
    who = "Ann of the long name who runs for the hatch at last, on foot"
    save_game(tmp_path, "demo", 2, [("set_value", {"target": "fires.value", "value": 1})] * 8
              + [("escape", {"who": who})])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        log = screen.query_one("#log", LogPanel)
        before = log.virtual_size.height
        asked = layouts_asked(log, monkeypatch)  # type: ignore[arg-type]
        await pilot.press("u")  # the head's line says "(undone: r redoes)": it wraps longer
        await pilot.pause()
        assert "undone" in panel_text(app, "#log").split("\n")[-1]
        assert log.virtual_size.height > before  # the case this test is about
        assert not any(asked)  # no layout of the screen for it
        # the scrollbar knows the new length, and the head (one line up) is in view
        assert log.vertical_scrollbar.window_virtual_size == log.virtual_size.height
        head = log.highlighted
        assert head == log.option_count - 2
        top = option_line(log, head)
        assert log.scroll_y <= top < log.scroll_y + log.scrollable_content_region.height
        assert ">" in panel_text(app, "#log").split("\n")[-2]


def _strips_alike(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(x.text == y.text and list(x) == list(y)
                                    for x, y in zip(a, b, strict=True))


def _drawn_rows(now: Any) -> list[Any]:
    """Every row of the Now panel's text as the panel draws it, scrolled a box at a time."""
    height, rows = now.scrollable_content_region.height, []
    total = now.virtual_size.height
    for top in range(0, total, height):
        now.scroll_y = min(top, now.max_scroll_y)
        skip = top - now.scroll_offset.y  # the last box is scrolled back to fit
        rows += [now.render_line(y) for y in range(skip, min(height, total - now.scroll_offset.y))]
    now.scroll_y = 0
    return rows


async def test_the_now_panel_draws_what_textual_draws_for_its_whole_text(
        tmp_path: Path) -> None:
    """The Now panel draws its text a line at a time (keeping unchanged lines): the rows
    (text, styles and the characters' places, which mouse selection reads) and their count
    are Textual's own for the whole text, after undo and redo and with a line added."""
    from textual.visual import Visual, visualize

    from tui.widgets.now_panel import NowPanel

    def whole(now: NowPanel) -> list[Any]:
        return Visual.to_strips(now, visualize(now, now.content, markup=False),
                                now.scrollable_content_region.width, None, now.visual_style)

    moves = [("set_value", {"target": "self_destruct.position", "value": v}) for v in (3, 9)]
    save_game(tmp_path, "lifeform", 3, moves, names=["Ann", "Bo", "Cy"])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume_first(pilot)
        now = app.screen.query_one("#now", NowPanel)
        for key in ("u", "r", "u"):
            await pilot.press(key)
            await pilot.pause()
            expected = whole(now)
            assert len(expected) > 2 * now.size.height  # a long text: the case this is about
            assert now.virtual_size.height == len(expected)
            assert _strips_alike(_drawn_rows(now), expected)
        now.elsewhere = "1 action from another window, marked in the log"
        now.show_session(app.screen.play)  # type: ignore[attr-defined]
        await pilot.pause()
        expected = whole(now)
        assert now.virtual_size.height == len(expected)
        assert _strips_alike(_drawn_rows(now), expected)
        assert "another window" in screen_text(app)


async def test_a_longer_or_shorter_note_lays_nothing_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo says more than redo: the Now panel's text changes length at each key, and the
    screen is not laid out again for it (only the panel and its scrollbar repaint)."""
    from tui.widgets.now_panel import NowPanel

    # enough moves that the side log always scrolls (its scrollbar appearing is a layout)
    moves = [("set_value", {"target": "self_destruct.position", "value": v})
             for v in (3, 9) * 5]
    save_game(tmp_path, "lifeform", 3, moves, names=["Ann", "Bo", "Cy"])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        now = screen.query_one("#now", NowPanel)
        layouts = layouts_of(screen, monkeypatch)
        lengths = []
        for key in ("u", "r", "u", "r"):
            await pilot.press(key)
            await pilot.pause()
            lengths.append(now.virtual_size.height)
            said = "Undone" if key == "u" else "Redone"
            assert said in screen_text(app)  # the newest note, drawn at the panel's top
            assert now.scroll_y == 0
            assert now.vertical_scrollbar.window_virtual_size == now.virtual_size.height
        assert len(set(lengths)) > 1  # the case this test is about
        assert layouts == []


async def test_a_now_panel_sized_by_its_text_grows_and_shrinks() -> None:
    """On a seat's screen the panel is as tall as its text, inside the page's scroll."""
    from textual.containers import VerticalScroll

    from tui.widgets.now_panel import NowPanel

    class Seat(App[None]):
        CSS = "NowPanel { height: auto; }"

        def compose(self) -> ComposeResult:
            with VerticalScroll():
                yield NowPanel(id="now")

    app = Seat()
    async with app.run_test(size=(40, 12)) as pilot:
        now = app.query_one(NowPanel)
        now.update("a\nb\nc\n[b]d[/b]")
        await pilot.pause()
        assert now.size.height == 4 and "[b]d[/b]" in screen_text(app)  # shown as typed
        now.update("one")
        await pilot.pause()
        assert now.size.height == 1 and "one" in screen_text(app)
