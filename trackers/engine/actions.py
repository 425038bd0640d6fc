"""Actions: named, typed steps a game offers, and the validation of their arguments."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any

from trackers.pieces.chance import check_recorded
from trackers.pieces.secret import is_sealed

if TYPE_CHECKING:
    from trackers.engine.state import State

class ActionError(ValueError):
    """An action was refused; nothing was recorded. ``field`` names the bad argument."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


# Arguments the API adds to an action that needs a sealed secret (never typed by a player):
# OPENED gives value and nonce of the secrets it reveals (so they are in the clear in the
# record), ANSWERS the answers to the tests it asked ("is it Image 2?": yes/no).
OPENED = "_opened"
ANSWERS = "_answers"
ABSENT = "owner_absent"  # a claim's way on without its owner (engine.claims)
DRAWN = "_drawn"  # the app's hidden draw for an action with ``hidden_draw``: sealed
CHANCE = "_chance"  # what the action drew from the OS's randomness (trackers.pieces.chance)
DEALT = "_dealt"  # the cards the app dealt face down for an action with ``deals``: sealed
RESERVED_ARGS = (OPENED, ANSWERS)


def _check_reserved(name: str, value: Any) -> dict[str, dict[str, Any]]:
    """{secret: {...}} with string keys, for OPENED ({"value", "nonce"}) or ANSWERS."""
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ActionError(f"{name}: give an object of secrets", name)
    out: dict[str, dict[str, Any]] = {}
    for secret, inner in value.items():
        if name == OPENED and not (isinstance(inner.get("value"), str)
                                   and isinstance(inner.get("nonce"), str)):
            raise ActionError(f"{name}: {secret} needs a value and a nonce", name)
        if name == ANSWERS and not all(isinstance(v, bool) for v in inner.values()):
            raise ActionError(f"{name}: {secret}'s answers are yes or no", name)
        out[str(secret)] = dict(inner)
    return out


class BoardValueNeeded(ActionError):
    """The action needs printed board values the table has not entered yet: ``keys``.

    A form asks for them beside the action's own fields; the API enters them (logged,
    undoable, saved to the board profile) and then does the action.
    """

    def __init__(self, message: str, keys: Sequence[str]) -> None:
        super().__init__(message, keys[0] if keys else None)
        self.keys = list(keys)


class SecretLocked(ActionError):
    """The action needs a sealed secret: the owner's key opens it (``kind`` "reveal") or
    answers a test about it (``kind`` "test", ``query`` the value asked about). The API asks
    the owner's PIN and does the action again with OPENED or ANSWERS; nothing was recorded."""

    def __init__(self, name: str, owner: str, label: str, kind: str,
                 query: str | None) -> None:
        super().__init__(f"{label}: this needs its owner's PIN ({owner}); only they may "
                         "open it", "pin")
        self.name, self.owner, self.label, self.kind, self.query = name, owner, label, kind, query


@dataclass(frozen=True)
class Note:
    """Something the players must do at the table now; ``topic`` opens its rule section."""

    text: str
    topic: str | None = None
    # Set when this note is something the table will remember (a death, a launch, the end's
    # trigger): the game report lists it as a key moment at the event that returned it.
    key_moment: str = ""

    def __str__(self) -> str:
        return self.text


Choices = Sequence[str] | Callable[["State"], Sequence[str]]

TEXT_LIMIT = 200  # characters in a typed "str" argument unless the Param says otherwise
NUMBER_DIGITS = 15  # digits in a whole number unless the Param gives bounds: no board needs more


@dataclass(frozen=True)
class Param:
    """One argument of an action. ``kind`` is "int", "str", "bool" or "choice"."""

    name: str
    kind: str
    help: str
    choices: Choices | None = None
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    default: Any = None
    secret: bool = False  # never shown in the log, the screen or exports
    max_length: int | None = None  # for "str": at most this many characters (TEXT_LIMIT)
    # What a form shows for each choice ("3" -> "3. Place the tracks"); the value stays the key.
    labels: Mapping[str, str] | Callable[[State], Mapping[str, str]] | None = None
    # Whether the table is asked this field now (a mirror-mode card field in a game where the
    # app draws): a field not shown is left out of forms and listings, takes its default, and
    # a value given for it is refused with ``hidden_why`` (e.g. "the app draws the card").
    shown: Callable[[State], bool] | None = None
    hidden_why: str = ""
    # The answer the table most likely means now (the crew member whose turn it is): a form
    # preselects it, the player may pick another; nothing assumes it when it is not given.
    suggested: Callable[[State], Any] | None = None

    def suggestion(self, state: State) -> Any:
        return self.suggested(state) if self.suggested is not None else None

    def is_shown(self, state: State) -> bool:
        return self.shown is None or bool(self.shown(state))

    def label_of(self, state: State, choice: str) -> str:
        if self.labels is None:
            return choice
        table = self.labels(state) if callable(self.labels) else self.labels
        return table.get(choice, choice)

    def allowed(self, state: State) -> list[str]:
        if self.choices is None:
            return []
        return list(self.choices(state) if callable(self.choices) else self.choices)

    def describe_allowed(self, state: State) -> str:
        if self.kind == "choice":
            allowed = self.allowed(state)
            # a choice that holds a comma ("draw 2, Self-Destruct +1") is listed unmistakably
            joiner = " | " if any("," in c for c in allowed) else ", "
            return "one of: " + joiner.join(allowed)
        if self.kind == "int":
            if self.minimum is not None and self.maximum is not None:
                return f"a whole number from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"a whole number, {self.minimum} or more"
            if self.maximum is not None:
                return f"a whole number, {self.maximum} or less"
            return "a whole number"
        if self.kind == "bool":
            return "yes or no"
        # the field's own words name the answers it takes ("numbers ('1, 3') or none")
        return f"some text ({self.help})" if self.help else "some text"

    def coerce(self, raw: Any, state: State) -> Any:
        """Turn a raw value (typed, or text from a form or the CLI) into the checked value."""
        allowed = self.describe_allowed(state)
        bad = ActionError(f"{self.name}: {_shown(raw)} is not allowed; give {allowed}",
                          self.name)
        if self.kind == "int":
            if _too_many_digits(raw):
                raise ActionError(f"{self.name}: more than {NUMBER_DIGITS} digits is not "
                                  f"allowed; give {allowed}", self.name)
            value = _as_int(raw)
            if value is None:
                raise bad
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise bad
            return value
        if self.kind == "bool":
            value = _as_bool(raw)
            if value is None:
                raise bad
            return value
        if not isinstance(raw, str):
            raise bad
        text = raw.strip()
        if self.kind == "choice":
            if text not in self.allowed(state):
                raise bad
            return text
        if not text:
            raise ActionError(f"{self.name}: may not be empty", self.name)
        limit = self.max_length or TEXT_LIMIT
        if len(text) > limit:
            raise ActionError(f"{self.name}: {len(text)} characters is too long; give at most "
                              f"{limit}", self.name)
        if not text.isprintable():
            raise ActionError(f"{self.name}: give printable text on one line (no control "
                              "characters, tabs or line breaks)", self.name)
        return text


def _shown(raw: Any) -> str:
    """A bad value as an error message quotes it: short, control characters escaped."""
    text = repr(raw) if not isinstance(raw, int) or abs(raw) < 10 ** 30 else "that number"
    return text if len(text) <= 40 else text[:37] + "..."


def _too_many_digits(raw: Any) -> bool:
    """A number far past any board (checked before ``int``, which refuses 4,300 digits)."""
    if isinstance(raw, str):
        return sum(ch.isdigit() for ch in raw) > NUMBER_DIGITS
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw.bit_length() > 64 or len(str(abs(raw))) > NUMBER_DIGITS
    return False


def _as_int(raw: Any) -> int | None:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        return parse_whole_number(raw)
    return None


def parse_whole_number(text: str) -> int | None:
    """A whole number typed as text ("3", " -2 "), or None. Only ASCII digits with at most
    one sign: ``isdigit`` alone lets "+-3" and "\u00b2" through, which ``int`` then rejects."""
    body = text.strip()
    digits = body[1:] if body[:1] in ("+", "-") else body
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    return int(body)


def _as_bool(raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text in ("yes", "y", "true", "1"):
            return True
        if text in ("no", "n", "false", "0"):
            return False
    return None


Apply = Callable[["State", dict[str, Any], Random], Sequence["Note | str"]]



def refused_by(check: Callable[[State], None]) -> Callable[[State], str | None]:
    """A rule's check that raises ActionError (a step's "not now: get there with ..."), as
    an action's ``why_not``: its refusal, read before any form opens."""
    def why_not(state: State) -> str | None:
        try:
            check(state)
        except ActionError as err:
            return str(err)
        return None
    return why_not

@dataclass(frozen=True)
class Deal:
    """Cards the app deals face down for one action (the Ship's Manifest's spare Cargo
    Cards): each of ``face_down`` (a piece on the table nobody looks at) holds one card,
    sealed to the app's key and dealt once; the secret ``hand`` holds the rest of ``cards``,
    sealed to ``owner``'s key. ``shows``: a card the hand must hold now, which only its
    holder's PIN may show (the API opens the hand to check it)."""

    cards: tuple[str, ...]  # every card still face down, the hand's and the table's
    face_down: tuple[str, ...]
    hand: str
    owner: str
    shows: str | None = None
    shows_field: str = "card"  # the argument naming it, for a refusal


def _check_dealt(value: Any) -> dict[str, Any]:
    """DEALT as the API gives it: the hand sealed, and each face-down piece's card sealed."""
    face_down = value.get("face_down") if isinstance(value, dict) else None
    if not isinstance(value, dict) or not is_sealed(value.get("hand")) \
            or not isinstance(face_down, dict) \
            or not all(is_sealed(v) for v in face_down.values()):
        raise ActionError(f"{DEALT}: only the app deals face down, sealed", DEALT)
    return {"hand": dict(value["hand"]),
            "face_down": {str(k): dict(v) for k, v in face_down.items()}}


@dataclass(frozen=True)
class Action:
    """A step the players take. ``apply`` changes the state in place and returns notes.

    The engine hands ``apply`` a private copy of the state, so an action that raises
    ActionError (or PieceError) leaves the session exactly as it was.
    """

    name: str
    title: str
    description: str
    apply: Apply
    params: tuple[Param, ...] = ()
    key: str | None = None  # a suggested key for the game screen
    topic: str | None = None  # the reference card section that governs it
    enabled: Callable[[State], bool] | None = None
    # Why the action is not possible now and what would make it possible ("a Crisis card is
    # unresolved: resolve it first"), or None when it is: the refusal the table reads.
    why_not: Callable[[State], str | None] | None = None
    private_to: str | None = None  # who may look while its secret arguments are entered
    short: str | None = None  # a label of at most 9 characters for the footer
    # It moves play on (ends a turn, a phase or a Cycle, ticks the next step): where the
    # footer has too little room, its key stays, after what is due.
    moves_play: bool = False
    after_end: bool = False  # still possible once the game is over (corrections, reveals)
    modes: tuple[str, ...] = ()  # the play modes that have it; empty: every mode
    # Board values this action needs, given the state and its arguments: when one is unset,
    # the engine asks for it (BoardValueNeeded) instead of refusing.
    needs: Callable[[State, dict[str, Any]], Sequence[str]] | tuple[str, ...] = ()
    # The table's words for its log line ("Event Phase 7: Intruder attacks"); default: title.
    log_text: Callable[[dict[str, Any]], str] | None = None
    # What the app draws in hiding for this action (the solo Hunt's chamber): the API draws
    # one from the OS's randomness, seals it to the app's key and passes it as DRAWN; the
    # engine never sees the value until a reveal.
    hidden_draw: Callable[[State], Sequence[str]] | None = None
    # What the app deals face down for this action, given its checked arguments (``Deal``):
    # the API deals from the OS's randomness, seals the cards and passes them as DEALT.
    deals: Callable[[State, dict[str, Any]], Deal | None] | None = None
    # It may open a player's sealed secret (a reveal, a search that tests the hiding place):
    # its owner's PIN goes with it. Choosing one (a secret field) and a claim decided by the
    # seal (its owner_absent field) say so by their fields.
    opens_secret: bool = False

    @property
    def takes_pin(self) -> bool:
        """Whether its owner's PIN goes with this action: it chooses a secret, may open one,
        or decides a claim about one."""
        return self.opens_secret or any(p.secret or p.name == ABSENT for p in self.params)

    def blocked(self, state: State) -> str | None:
        """The reason this action's own rules refuse it now, or None when they allow it."""
        if self.why_not is not None:
            reason = self.why_not(state)
            if reason:
                return reason
        if self.enabled is not None and not self.enabled(state):
            return "its step has not come (or is past)"
        return None

    def board_needs(self, state: State, args: dict[str, Any]) -> list[str]:
        """Keys of the board values this action needs that the table has not entered."""
        keys = self.needs(state, args) if callable(self.needs) else self.needs
        return [k for k in keys if k not in state.board]

    @property
    def footer_label(self) -> str:
        return self.short or (self.title if len(self.title) <= 9 else self.title[:8] + ".")

    def shown_params(self, state: State) -> list[Param]:
        """The fields the table is asked now (a form's fields, the CLI's listing)."""
        return [p for p in self.params if p.is_shown(state)]

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        """Checked arguments, or ActionError naming the first bad field."""
        known = {p.name for p in self.params}
        for name in args:
            if name not in known and name not in (*RESERVED_ARGS, DRAWN, CHANCE, DEALT):
                allowed = ", ".join(sorted(known)) or "none"
                raise ActionError(f"{self.name}: unknown argument {name!r} (allowed: {allowed})",
                                  name)
        checked: dict[str, Any] = {}
        for param in self.params:
            raw = args.get(param.name)
            # Blank text for an optional field is "not given", as a form's empty field is
            # (the CLI's "key=" then means what the form's "(empty: none)" means).
            blank = param.optional and isinstance(raw, str) and not raw.strip()
            if not param.is_shown(state):
                if raw is not None and not (isinstance(raw, str) and not raw.strip()):
                    why = f" ({param.hidden_why})" if param.hidden_why else ""
                    raise ActionError(f"{param.name}: not asked now{why}; leave it out",
                                      param.name)
                checked[param.name] = param.default
                continue
            if param.name not in args or raw is None or blank:
                if param.optional:
                    checked[param.name] = param.default
                    continue
                raise ActionError(
                    f"{param.name}: required; give {param.describe_allowed(state)}", param.name
                )
            if param.secret and is_sealed(args[param.name]):
                # sealed by the API after it checked the value: the engine sees the code only
                checked[param.name] = dict(args[param.name])
                continue
            checked[param.name] = param.coerce(args[param.name], state)
        for name in RESERVED_ARGS:  # what the owner's key gave this action (recorded)
            if name in args:
                checked[name] = _check_reserved(name, args[name])
        if DRAWN in args:
            if self.hidden_draw is None or not is_sealed(args[DRAWN]):
                raise ActionError(f"{DRAWN}: only the app draws in hiding, sealed", DRAWN)
            checked[DRAWN] = dict(args[DRAWN])
        if DEALT in args:
            if self.deals is None:
                raise ActionError(f"{DEALT}: only the app deals face down, sealed", DEALT)
            checked[DEALT] = _check_dealt(args[DEALT])
        if CHANCE in args:
            try:
                checked[CHANCE] = check_recorded(args[CHANCE])
            except ValueError as err:
                raise ActionError(f"{CHANCE}: {err}", CHANCE) from None
        return checked

    def describe(self, args: dict[str, Any]) -> str:
        """One log line for this action, with secret arguments hidden."""
        if self.log_text is not None:
            return self.log_text({p.name: ("(hidden)" if p.secret else args.get(p.name))
                                  for p in self.params})
        shown = []
        for param in self.params:
            if param.name in args and args[param.name] is not None:
                value = "(hidden)" if param.secret else args[param.name]
                shown.append(f"{param.name}={value}")
        return self.title + (f" ({', '.join(shown)})" if shown else "")
