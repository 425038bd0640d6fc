"""A text field whose editing keys act in the order they were typed.

Textual's Input inserts a printable key as soon as the field reads it, but its editing keys
(backspace, ctrl+u, delete, the arrows...) are bindings, run only once the key has travelled
up to the app. Keys that arrive together (fast typing, a terminal's burst, a paste of
keystrokes) were then applied out of order: "abc", three backspaces and "alien42" gave
"abcalie", and a PIN set that way is not the one the player typed. Here the field runs its
own editing bindings the moment it reads the key, in line with the letters.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input

# Input's editing keys, by key: the first binding of each, as Textual's own lookup takes it.
EDITING: dict[str, Binding] = {}
for _binding in Binding.make_bindings(Input.BINDINGS):
    EDITING.setdefault(_binding.key, _binding)


class TypedInput(Input):
    """``Input``, with its own editing keys handled in the order they came."""

    async def on_key(self, event: events.Key) -> None:
        """Runs before Input's own key handler (a subclass's handler comes first)."""
        if event.is_printable:
            return  # Input's own handler inserts it, next in line
        binding = EDITING.get(event.key)
        if binding is None:
            return  # not an editing key of the field: it goes on as before (tab, escape...)
        event.stop()
        event.prevent_default()  # handled here: neither Input's handler nor the bindings again
        await self.run_action(binding.action)
