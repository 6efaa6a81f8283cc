"""How words sound, in the phones of the English acoustic model (ARPAbet).

pocketsphinx ships one English acoustic model; Greek words are recognised with
it by spelling them in English phones (``τρία`` → ``T R IY AA``). Greek
spelling is regular enough for a few rules (digraphs, ``μπ``/``ντ``/``γκ``,
``γ`` before front vowels, unstressed ``ι`` before a vowel as a glide), so
every Greek number word gets a pronunciation without a hand-made list.
Greek /e/ is a mid vowel, between English EH and EY: each ``ε`` may be
either (EY first, whose start is [e]); with EY alone espeak-ng's Greek
voice variants were heard as a close neighbour (είκοσι εννέα as είκοσι
μία), with either 83.8% -> 86.8% of numbers 1-30 and commands. The
English table below is the CMU dictionary's entries for the words in
``words.py`` (the full dictionary is 3.5 MB and slow to load; a small table
keeps the decoder's start-up near 80 ms).

>>> greek_phones("τρία")
('T R IY AA', 'T AH R IY AA')
>>> greek_phones("πέντε")
('P EY N D EY', 'P EY N D EH', 'P EH N D EY', 'P EH N D EH', 'P EY D EY', 'P EY D EH')
"""

from __future__ import annotations

import unicodedata

from .words import Lang

#: English words and their CMU dictionary pronunciations (variants in order),
#: plus the non-rhotic (British) variants of words with an "r" after a vowel.
ENGLISH: dict[str, tuple[str, ...]] = {
    "zero": ("Z IH R OW", "Z IY R OW"),
    "one": ("W AH N",),
    "two": ("T UW",),
    "three": ("TH R IY",),
    "four": ("F AO R", "F AO"),
    "five": ("F AY V",),
    "six": ("S IH K S",),
    "seven": ("S EH V AH N",),
    "eight": ("EY T",),
    "nine": ("N AY N",),
    "ten": ("T EH N",),
    "eleven": ("IH L EH V AH N", "IY L EH V AH N"),
    "twelve": ("T W EH L V",),
    "thirteen": ("TH ER T IY N",),
    "fourteen": ("F AO R T IY N", "F AO T IY N"),
    "fifteen": ("F IH F T IY N",),
    "sixteen": ("S IH K S T IY N",),
    "seventeen": ("S EH V AH N T IY N",),
    "eighteen": ("EY T IY N",),
    "nineteen": ("N AY N T IY N",),
    "twenty": ("T W EH N T IY", "T W EH N IY"),
    "thirty": ("TH ER D IY", "TH ER T IY"),
    "forty": ("F AO R T IY", "F AO T IY"),
    "fifty": ("F IH F T IY",),
    "sixty": ("S IH K S T IY",),
    "seventy": ("S EH V AH N T IY", "S EH V AH N IY"),
    "eighty": ("EY T IY",),
    "ninety": ("N AY N T IY",),
    "hundred": ("HH AH N D R AH D", "HH AH N D R IH D", "HH AH N ER D"),
    "a": ("AH", "EY"),
    "and": ("AH N D", "AE N D", "AH N"),
    "the": ("DH AH", "DH IY"),
    "bar": ("B AA R", "B AA"),
    "bear": ("B EH R",),
    "off": ("AO F",),
    "from": ("F R AH M",),
    "to": ("T UW", "T IH", "T AH"),
    "roll": ("R OW L",),
    "dice": ("D AY S",),
    "undo": ("AH N D UW",),
    "take": ("T EY K",),
    "back": ("B AE K",),
    "confirm": ("K AH N F ER M",),
    "done": ("D AH N",),
    "cancel": ("K AE N S AH L",),
    "yes": ("Y EH S",),
    "no": ("N OW",),
    "resign": ("R IH Z AY N", "R IY Z AY N"),
    "double": ("D AH B AH L",),
    "drop": ("D R AA P", "D R AO P"),
    "board": ("B AO R D", "B AO D"),
    "position": ("P AH Z IH SH AH N",),
    "plays": ("P L EY Z",),
    "moves": ("M UW V Z",),
    "pips": ("P IH P S",),
    "pip": ("P IH P",),
    "count": ("K AW N T",),
    "score": ("S K AO R", "S K AO"),
    "repeat": ("R IH P IY T", "R IY P IY T"),
    "next": ("N EH K S T",),
    "previous": ("P R IY V IY AH S",),
    "more": ("M AO R", "M AO"),
    "end": ("EH N D",),
    "again": ("AH G EH N", "AH G EY N"),
    "stop": ("S T AA P",),
    "quiet": ("K W AY AH T",),
    "help": ("HH EH L P",),
    "hint": ("HH IH N T",),
    "why": ("W AY", "HH W AY"),
    "quit": ("K W IH T",),
    "leave": ("L IY V",),
    "opponent": ("AH P OW N AH N T",),
    "point": ("P OY N T",),
    "quarter": ("K W AO R T ER", "K W AO T AH"),
}

#: Greek words whose spelling rules give a poor result.
GREEK_OVERRIDES: dict[str, tuple[str, ...]] = {
    "ταμπλό": ("T AA M B L OW", "T AA B L OW"),
}

_VOWELS = set("αεηιουω")
_FRONT = ("ε", "η", "ι", "υ", "αι", "ει", "οι")
_VOICELESS = set("θκξπστφχψ")
_DIGRAPH_VOWELS = {"ου": "UW", "αι": "EY", "ει": "IY", "οι": "IY", "υι": "IY"}
_SINGLE = {
    "α": "AA", "β": "V", "δ": "DH", "ε": "EY", "ζ": "Z", "η": "IY", "θ": "TH",
    "ι": "IY", "κ": "K", "λ": "L", "μ": "M", "ν": "N", "ξ": "K S", "ο": "OW",
    "π": "P", "ρ": "R", "σ": "S", "τ": "T", "υ": "IY", "φ": "F", "χ": "HH",
    "ψ": "P S", "ω": "OW",
}


def _letters(word: str) -> list[tuple[str, bool, bool]]:
    """Letters of ``word`` as (base letter, stressed, diaeresis), final sigma folded."""
    out: list[tuple[str, bool, bool]] = []
    for ch in word.lower():
        parts = unicodedata.normalize("NFD", ch)
        base = parts[0].replace("ς", "σ")
        out.append((base, "\u0301" in parts, "\u0308" in parts))
    return out


#: Most pronunciations kept per Greek word from the spelling rules: each
#: variant is one more thing another word can be mistaken for, and the
#: decoder's search grows with them (the two spoken variants of
#: ``_spoken_variants`` come on top).
MAX_VARIANTS = 4
#: Consonants after which Greek ρ (a tap) comes with a short vowel of its own
#: (τρία [tᵊɾia]): the English model, whose R is an approximant hugging the
#: consonant, heard espeak-ng's "τρία" as "μία" 7 times in 9 without it.
_BEFORE_TAP = {"P", "T", "K", "B", "D", "G", "F", "V", "TH", "DH"}


def _expand(slots: list[tuple[str, ...]]) -> tuple[str, ...]:
    """Phone strings from per-slot alternatives (first = usual), fewest changes first.

    A slot is a tuple of alternatives; "" is an alternative that says nothing.
    Variants that differ from the usual spelling in fewer slots come first;
    at most ``MAX_VARIANTS`` are kept.
    """
    choices = [i for i, slot in enumerate(slots) if len(slot) > 1]
    combos: list[tuple[int, ...]] = [()]
    for _ in choices:
        combos = [c + (k,) for c in combos for k in range(3)]
    out: list[str] = []
    for combo in sorted(combos, key=lambda c: (sum(k > 0 for k in c), c)):
        picks = dict(zip(choices, combo))
        if any(picks[i] >= len(slots[i]) for i in choices):
            continue
        phones = [slot[picks.get(i, 0)] for i, slot in enumerate(slots)]
        merged: list[str] = []
        for phone in " ".join(p for p in phones if p).split():
            if phone == "Y" and merged and merged[-1] == "Y":
                continue  # a glide after Y (e.g. "γι") merges into it
            merged.append(phone)
        text = " ".join(merged)
        if text not in out:
            out.append(text)
        if len(out) == MAX_VARIANTS:
            break
    return tuple(out)


def greek_phones(word: str) -> tuple[str, ...]:
    """Pronunciations of a Greek word in English phones (the usual one first, up to 4).

    Variants, generic rules rather than per-word lists (measured on espeak-ng
    Greek, 3 rates x 3 pitches, numbers 1-20 and all commands in the grammar
    of the phase where each is valid; see ``benchmarks/voice.py``):

    - unstressed ``ι``/``υ`` after a consonant and before a vowel is a glide
      ``Y`` when that vowel is stressed or the word has no accent (synizesis:
      ``εννιά`` [eˈɲa], two syllables, and ``μια``), else either ``IY`` or ``Y``;
    - a stop or fricative before ``ρ``: also with a short ``AH`` between them;
    - a word-final ``ρ``: also ``D`` (a tap, as in American "water"; espeak-ng's
      ``σκορ`` was heard as ``όχι`` 9 times in 9 in a turn's grammar without it);
    - ``χ`` before a back vowel or a consonant ([x], which English lacks):
      also ``K`` (``δέχομαι`` was heard as ``ναι``);
    - ``ε`` (Greek /e/, a pure mid vowel): ``EY`` or ``EH``.

    After those (beyond ``MAX_VARIANTS``), two variants from how espeak-ng's
    Greek voice says the words (``espeak-ng -v el -q --ipa``), applied to the
    two usual spellings (``_spoken_variants``):

    - ``ρ`` between vowels is a tap, which the English model hears as a
      flapped ``D`` ("water"): ``τέσσερα`` also ``T EY S EY D AA`` (it was heard as
      "βοήθεια", "θέση ένα" and ``τέσσερις`` as "τρεις");
    - ``ντ`` inside a word is often a plain [d] (espeak-ng: ``πέντε`` [ˈpede]):
      also ``D`` alone.
    """
    if word in GREEK_OVERRIDES:
        return GREEK_OVERRIDES[word]
    letters = _letters(word)
    text = "".join(base for base, _, _ in letters)
    slots: list[tuple[str, ...]] = []
    stressed: list[bool] = []  # per slot: made from a stressed letter
    done = 0  # letters already matched to slots in ``stressed``

    def one(*phones: str) -> None:
        slots.extend((p,) for p in phones)

    def mark(upto: int) -> None:
        nonlocal done
        accent = any(s for _, s, _ in letters[done:upto])
        stressed.extend([accent] * (len(slots) - len(stressed)))
        done = upto

    i = 0
    while i < len(text):
        mark(i)
        pair = text[i:i + 2]
        nxt = text[i + 2:i + 3]
        diaeresis_next = i + 1 < len(letters) and letters[i + 1][2]
        start = i == 0
        if len(pair) == 2 and pair[0] == pair[1] and pair[0] not in _VOWELS and pair != "γγ":
            i += 1  # double consonant sounds single
            continue
        if pair in _DIGRAPH_VOWELS and not diaeresis_next:
            one(_DIGRAPH_VOWELS[pair])
            i += 2
            continue
        if pair in ("αυ", "ευ", "ηυ") and not diaeresis_next:
            vowel = {"α": "AA", "ε": "EY", "η": "IY"}[pair[0]]
            one(vowel, "F" if (nxt == "" or nxt in _VOICELESS) else "V")
            i += 2
            continue
        if pair == "μπ":
            one(*(["B"] if start else ["M", "B"]))
            i += 2
            continue
        if pair == "ντ":
            one(*(["D"] if start else ["N", "D"]))
            i += 2
            continue
        if pair == "γκ":
            one(*(["G"] if start else ["N", "G"]))
            i += 2
            continue
        if pair in ("γγ", "γχ"):
            one("N", "G" if pair == "γγ" else "HH")
            i += 2
            continue
        if pair == "τζ":
            one("JH")
            i += 2
            continue
        ch = text[i]
        if ch == "γ":
            one("Y" if text[i + 1:].startswith(_FRONT) else "G")
        elif ch in ("ι", "υ") and 0 < i < len(text) - 1 and text[i + 1] in _VOWELS \
                and text[i - 1] not in _VOWELS and not letters[i][1]:
            stressed_next = letters[i + 1][1] or not any(s for _, s, _ in letters)
            slots.append(("Y",) if stressed_next else ("IY", "Y"))
        elif ch == "σ" and text[i + 1:i + 2] in set("βγδζλμνρ") and text[i + 1:i + 2] != "":
            one("Z")
        elif ch == "χ" and not text[i + 1:].startswith(_FRONT):
            slots.append(("HH", "K"))
        elif ch == "ρ" and slots and slots[-1][0] in _BEFORE_TAP:
            slots.append(("R", "AH R"))
        elif ch == "ρ" and i == len(text) - 1:
            slots.append(("R", "D"))
        elif ch == "ε":
            slots.append(("EY", "EH"))
        elif ch in _SINGLE:
            one(_SINGLE[ch])
        i += 1
    mark(len(text))
    usual = _expand(slots)
    out = usual + tuple(v for v in _spoken_variants(word, usual) if v not in usual)
    if HEARD_VARIANTS:
        out += tuple(v for v in _heard_variants(slots, stressed, HEARD_VARIANTS) if v not in out)
    return out


_VOWEL_PHONES = {"AA", "EY", "EH", "IY", "OW", "UW"}


def _spoken_variants(word: str, usual: tuple[str, ...]) -> list[str]:
    """The tap and [d] variants of the two usual spellings (see ``greek_phones``)."""
    out: list[str] = []
    for phones in usual[:2]:
        ph = phones.split()
        for i in range(1, len(ph) - 1):
            if ph[i] == "R" and ph[i - 1] in _VOWEL_PHONES and ph[i + 1] in _VOWEL_PHONES:
                out.append(" ".join(ph[:i] + ["D"] + ph[i + 1:]))
    if "ντ" in word[1:]:
        out += [phones.replace("N D", "D") for phones in usual[:2]]
    return list(dict.fromkeys(out))


#: Which variants of ``_heard_variants`` Greek words also get: "reduce"
#: (unstressed vowels reduced), "drop" (a final unstressed [i] dropped),
#: "fricatives" (δ as D, θ as F), "stress" (the stressed vowel's neighbour);
#: none as shipped (see benchmarks/results/voice-el-heard-variants.txt).
HEARD_VARIANTS: frozenset[str] = frozenset()
#: Unstressed vowels as an English listener reduces them.
_REDUCED = {"AA": "AH", "OW": "AH", "EY": "IH", "EH": "IH", "IY": "IH"}
#: Greek fricatives as the English model may hear them (δ [ð] as D, θ [θ] as F).
_FRICATIVES = {"DH": "D", "TH": "F"}
#: A stressed vowel's English neighbour (Greek vowels are shorter and purer).
_STRESSED = {"AA": "AH", "OW": "AO", "IY": "IH", "EY": "EH", "UW": "UH"}


def _heard_variants(slots: list[tuple[str, ...]], stressed: list[bool],
                    rules: frozenset[str] = frozenset({"reduce", "drop"})) -> list[str]:
    """How the English model may hear a Greek word (the usual spelling changed by one rule each).

    - "reduce": every unstressed vowel reduced as English reduces it
      (``_REDUCED``): ``είκοσι`` also ``IY K AH S IH``;
    - "fricatives": ``δ`` and ``θ`` as the English stops/fricative it confuses
      them with (``_FRICATIVES``): ``δύο`` also ``D IY OW``;
    - "stress": the stressed vowel as its English neighbour (``_STRESSED``);
    - "drop": a word-final unstressed ``IY`` after a consonant dropped, as in
      fast speech (``είκοσι`` also ``IY K OW S``; «είκοσ' ένα»).

    Words without an accent (one syllable) get none.

    >>> _heard_variants([("IY",), ("K",), ("OW",), ("S",), ("IY",)], [True, False, False, False, False])
    ['IY K AH S IH', 'IY K OW S']
    """
    if not any(stressed):
        return []
    usual = [slot[0] for slot in slots]
    out: list[list[str]] = []
    if "reduce" in rules:
        out.append([_REDUCED.get(p, p) if not accent else p for p, accent in zip(usual, stressed)])
    if "fricatives" in rules:
        out.append([_FRICATIVES.get(p, p) for p in usual])
    if "stress" in rules:
        out.append([_STRESSED.get(p, p) if accent else p for p, accent in zip(usual, stressed)])
    vowels = sum(p in _VOWEL_PHONES for p in usual)
    if "drop" in rules and len(usual) > 1 and usual[-1] == "IY" and not stressed[-1] and vowels > 1 \
            and usual[-2] not in _VOWEL_PHONES and usual[-2] != "Y":
        out.append(usual[:-1])
    texts = [" ".join(" ".join(p for p in phones if p).split()) for phones in out]
    return [t for t in dict.fromkeys(texts) if t and t != " ".join(" ".join(usual).split())]


def pronunciations(word: str, lang: Lang) -> tuple[str, ...]:
    """Phone strings for ``word``; raises KeyError for an English word not in the table."""
    if lang == "el":
        return greek_phones(word)
    return ENGLISH[word]
