"""Seat links: 128-bit tokens, kept only as digests, one seat each, revocable; a seat holds
its player's secrets and the roles the game's facts give that player."""

from __future__ import annotations

import base64

import pytest

from tableside.seat_links import TOKEN_BYTES, SeatLinks, qr_text, roles_of


def test_each_token_opens_its_own_seat_and_nothing_else() -> None:
    links = SeatLinks(["Ann", "Bo"])
    ann, bo = links.make("Ann"), links.make("Bo")
    assert len(base64.urlsafe_b64decode(ann + "==")) == TOKEN_BYTES == 16  # 128 bits
    assert ann != bo
    assert links.seat_for(ann) == "Ann" and links.seat_for(bo) == "Bo"
    for wrong in (None, "", ann[:-1], ann + "x", ann.upper(), bo[::-1]):
        assert links.seat_for(wrong) is None


def test_tokens_are_not_kept_only_their_digests() -> None:
    links = SeatLinks(["Ann"])
    token = links.make("Ann")
    held = repr(vars(links)) + repr(links._digests)
    assert token not in held and token.encode() not in b"".join(links._digests.values())


def test_revoke_and_remake() -> None:
    links = SeatLinks(["Ann", "Bo"])
    old = links.make("Ann")
    bo = links.make("Bo")
    links.revoke("Ann")
    assert links.seat_for(old) is None and not links.is_open("Ann")
    new = links.make("Ann")
    assert links.seat_for(new) == "Ann" and links.seat_for(old) is None
    new_again = links.make("Ann")  # a remade link ends the one before it
    assert links.seat_for(new) is None and links.seat_for(new_again) == "Ann"
    assert links.seat_for(bo) == "Bo"


def test_only_players_have_seats() -> None:
    with pytest.raises(KeyError, match="not a player of this game"):
        SeatLinks(["Ann"]).make("Mallory")


def test_a_seat_holds_the_roles_the_games_rule_gives_its_player() -> None:
    held = {"Lifeform player": ["Ann"], "Crew (not the Lifeform player)": ["Bo", "Cy"],
            "Ann": ["Ann"]}
    owners = ["Lifeform player", "Crew (not the Lifeform player)", "Ann", "Captain"]
    assert roles_of("Ann", owners, lambda owner: held.get(owner, [])) == \
        ["Lifeform player", "Ann"]
    assert roles_of("Cy", owners, lambda owner: held.get(owner, [])) == \
        ["Crew (not the Lifeform player)"]


def test_a_link_as_a_qr_code() -> None:
    pytest.importorskip("segno")
    drawn = qr_text("http://127.0.0.1:8000/seat/abc").splitlines()
    assert len(drawn) > 10 and len({len(line) for line in drawn if line}) == 1
    assert set("".join(drawn)) <= set("█▀▄ ")
