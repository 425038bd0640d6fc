"""The Porter stemmer as SQLite's FTS5 "porter" tokenizer applies it.

Ranking in Python (references/ranking.py) looks a query's words up among the index's own terms,
which are stems: "reaches" is indexed as "reach". Written from M. F. Porter's 1980 paper ("An
algorithm for suffix stripping") with the choices SQLite makes: a word under three or over 64
bytes is kept as it is; step 2 has "bli" -> "ble" and "logi" -> "log"; of a step's suffixes
only the first one ending the word is tried. tests/references/test_refs_porter.py checks it
against FTS5 itself, word by word.
"""

from __future__ import annotations

import functools

_VOWELS = frozenset("aeiou")
MIN_BYTES = 3
MAX_BYTES = 64


def _consonants(word: str) -> list[bool]:
    """Whether each letter is a consonant ("y" is one at the start or after a vowel)."""
    out: list[bool] = []
    previous = False
    for char in word:
        if char in _VOWELS:
            previous = False
        elif char == "y":
            previous = not previous
        else:
            previous = True
        out.append(previous)
    return out


def _measure(stem: str) -> int:
    """Porter's m: how many vowel-then-consonant runs the stem holds."""
    m = 0
    in_vowels = False
    for consonant in _consonants(stem):
        if not consonant:
            in_vowels = True
        elif in_vowels:
            m += 1
            in_vowels = False
    return m


def _has_vowel(stem: str) -> bool:
    return not all(_consonants(stem))


def _ends_cvc(stem: str) -> bool:
    """*o: consonant, vowel, consonant, the last not w, x or y."""
    if len(stem) < 3 or stem[-1] in "wxy":
        return False
    kinds = _consonants(stem)
    return kinds[-1] and not kinds[-2] and kinds[-3]


# Steps 2 to 4: the suffixes to try, keyed by the word's second-to-last letter (the first
# suffix ending the word is the only one tried), each with its replacement.
_STEP2 = {
    "a": (("ational", "ate"), ("tional", "tion")),
    "c": (("enci", "ence"), ("anci", "ance")),
    "e": (("izer", "ize"),),
    "g": (("logi", "log"),),
    "l": (("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"), ("ousli", "ous")),
    "o": (("ization", "ize"), ("ation", "ate"), ("ator", "ate")),
    "s": (("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous")),
    "t": (("aliti", "al"), ("iviti", "ive"), ("biliti", "ble")),
}
_STEP3 = {
    "a": (("ical", "ic"),),
    "s": (("ness", ""),),
    "t": (("icate", "ic"), ("iciti", "ic")),
    "u": (("ful", ""),),
    "v": (("ative", ""),),
    "z": (("alize", "al"),),
}
_STEP4 = {
    "a": (("al", ""),),
    "c": (("ance", ""), ("ence", "")),
    "e": (("er", ""),),
    "i": (("ic", ""),),
    "l": (("able", ""), ("ible", "")),
    "n": (("ant", ""), ("ement", ""), ("ment", ""), ("ent", "")),
    "o": (("ion", ""), ("ou", "")),
    "s": (("ism", ""),),
    "t": (("ate", ""), ("iti", "")),
    "u": (("ous", ""),),
    "v": (("ive", ""),),
    "z": (("ize", ""),),
}


def _replace(word: str, table: dict[str, tuple[tuple[str, str], ...]], least: int) -> str:
    """Steps 2-4: the first listed suffix ending the word, replaced when the stem left has a
    measure over `least` (step 4's "ion" also wants an s or a t before it)."""
    for suffix, replacement in table.get(word[-2:-1], ()):
        if len(word) > len(suffix) and word.endswith(suffix):
            stem = word[: -len(suffix)]
            ok = _measure(stem) > least
            if suffix == "ion":
                ok = ok and stem[-1:] in ("s", "t")
            return stem + replacement if ok else word
    return word


def _step1(word: str) -> str:
    if word.endswith("s"):
        if word.endswith("sses") and len(word) > 4 or word.endswith("ies") and len(word) > 3:
            word = word[:-2]
        elif not word.endswith("ss"):
            word = word[:-1]
    if word.endswith("eed") and len(word) > 3:
        if _measure(word[:-3]) > 0:
            word = word[:-1]
        return _step1c(word)
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and len(word) > len(suffix) and _has_vowel(word[: -len(suffix)]):
            word = _step1b2(word[: -len(suffix)])
            break
    return _step1c(word)


def _step1b2(word: str) -> str:
    for suffix, longer in (("at", "ate"), ("bl", "ble"), ("iz", "ize")):
        if word.endswith(suffix):
            return word[: -len(suffix)] + longer
    last = word[-1:]
    if len(word) > 1 and last == word[-2] and last not in _VOWELS and last not in "lsz":
        return word[:-1]
    if _measure(word) == 1 and _ends_cvc(word):
        return word + "e"
    return word


def _step1c(word: str) -> str:
    if word.endswith("y") and _has_vowel(word[:-1]):
        return word[:-1] + "i"
    return word


def _step5(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        m = _measure(stem)
        if m > 1 or m == 1 and not _ends_cvc(stem):
            word = stem
    if word.endswith("ll") and _measure(word[:-1]) > 1:
        word = word[:-1]
    return word


@functools.lru_cache(maxsize=16384)
def stem(token: str) -> str:
    """The index's term for one token as the unicode61 tokenizer hands it on (lower case,
    accents taken off)."""
    size = len(token) if token.isascii() else len(token.encode())
    if size < MIN_BYTES or size > MAX_BYTES:
        return token
    word = _step1(token)
    word = _replace(word, _STEP2, 0)
    word = _replace(word, _STEP3, 0)
    word = _replace(word, _STEP4, 1)
    return _step5(word)
