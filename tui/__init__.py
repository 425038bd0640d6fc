"""The Textual app: screens and widgets. It renders state and sends actions; no rules here."""
