"""A sealed value's length tells nothing of the value: "Company Agenda" and "no Company
Agenda" (the very thing a Call Out gambles on) seal to blobs of one length; sealed before
the padding, a value still opens."""

from __future__ import annotations

import base64

from tableside import vault


def test_two_answers_of_different_lengths_seal_to_one_length() -> None:
    _, record = vault.new_key(None)
    public = record["public"]
    short = vault.seal(public, {"value": "Company Agenda", "nonce": "a" * 32})
    longer = vault.seal(public, {"value": "no Company Agenda", "nonce": "b" * 32})
    free_text = vault.seal(public, {"value": "Zorblax Reactor Heist, then the Pod",
                                    "nonce": "c" * 32})
    assert len(base64.b64decode(short)) == len(base64.b64decode(longer)) \
        == len(base64.b64decode(free_text))
    private = vault.unwrap(record, None)
    assert vault.open_sealed(private, longer) == {"value": "no Company Agenda",
                                                  "nonce": "b" * 32}
