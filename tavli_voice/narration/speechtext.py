"""Text-to-speech clean-up: what reaches the engine is words, never symbols.

The phrasers should already write words, but this is the last gate before
espeak-ng, so anything that slips through is made speakable here:

* Play notation (R1: ``24/18 13/8``, ``bar/22``, ``6/off``, ``8/5(2)``,
  ``13/7*`` for a Portes hit, ``13/7^`` for a Plakoto pin; in Greek written
  ``μπάρα/22``, ``6/έξω``: :func:`written_play`) becomes
  "from 24 to 18, from 13 to 8" / "από το 24 στο 18, από το 13 στο 8".
* Dice or scores written ``6-5`` become "6 5" (espeak says "six dash five");
  a range written with an en dash (``1–6``) becomes "1 to 6" / "1 έως 6".
* Numbers stay as digits: espeak-ng's own reading is right in both languages
  ("13" → "thirteen" / "δεκατρία"); only the words above are ours. Greek
  numbers that agree with a feminine noun ("τρεις κινήσεις") must be written
  as words by the phrasers: espeak reads "3" as the neuter "τρία".
* Greek speech never holds Latin letters (espeak-ng would switch to its English
  voice mid-sentence): keys and names are said as a Greek says them ("r" →
  "αρ", "VOG" → "βι όου τζι", section ``latin.`` of the catalogue), other Latin
  words are read in Greek letters, and a question's ``;`` becomes ``?`` so the
  voice rises (espeak-ng reads ``;`` as a falling pause, ``?`` and the Greek
  question mark U+037E alike as a question).
* Greek speech never spells a path, a command line or an option name (espeak-ng
  would read ``/home/maria/…`` letter by letter): it says what each is
  ("στο αρχείο του φακέλου δεδομένων", "με την εντολή ριζιούμ", "την επιλογή
  σέιβ"); the screen keeps them as typed (section ``spoken.`` of the catalogue).
* Other symbols (``/ * ^ _ # | < > ~ @ [ ] { } =`` …) are dropped,
  ``&`` and ``+`` are said as words, parentheses and line breaks become
  pauses ("," and "."), so list items do not run together.

The few words used here (from, to, bar, off, hitting, pinning, checkers) are
kept with every other word in :mod:`tavli_voice.words` (section ``symbol.``).
The output never contains a character outside :data:`SPEAKABLE_PUNCTUATION`,
letters, digits and spaces (tested).

>>> clean_for_speech("13/7* 8/7", "en")
'from 13 to 7, hitting, from 8 to 7'
>>> clean_for_speech("bar/22", "el"), clean_for_speech("μπάρα/22 6/έξω", "el")
('από την μπάρα στο 22', 'από την μπάρα στο 22, από το 6 έξω')
>>> clean_for_speech("Dice: 6-5", "en")
'Dice: 6 5'
"""

from __future__ import annotations

import re

from tavli_voice.rules import BAR, OFF
from tavli_voice.words import LANGS, LATIN_SPOKEN, SPEECH_SYMBOL_WORDS, count_words, text
from tavli_voice.words.notation import NAMED_POINTS as _NAMED
from tavli_voice.words.notation import NOTATION_WORDS as NOTATION_WORDS
from tavli_voice.words.notation import written_play as written_play
from tavli_voice.words.spoken import SPOKEN_LATIN

#: Punctuation allowed through (espeak uses it for pauses and intonation).
SPEAKABLE_PUNCTUATION = ".,;:!?'-%"

#: language → symbol word → text, from the catalogue's ``symbol.`` section.
_WORDS: dict[str, dict[str, str]] = {
    lang: {key: texts[lang] for key, texts in SPEECH_SYMBOL_WORDS.items()} for lang in LANGS}

#: The bar and off in notation, in any language: "bar" or «μπάρα», "off" or «έξω».
BAR_WRITTEN = "(?:" + "|".join(w for w, p in _NAMED.items() if p == BAR) + ")"
OFF_WRITTEN = "(?:" + "|".join(w for w, p in _NAMED.items() if p == OFF) + ")"
_POINT = rf"(?:{BAR_WRITTEN}|{OFF_WRITTEN}|\d{{1,2}})[*^]?"
_STEP = rf"{_POINT}(?:/{_POINT})+(?:\(\d\))?[*^]?"
#: A run of notation steps separated by spaces: one whole play.
_PLAY_RE = re.compile(rf"(?<![\w/]){_STEP}(?:\s+{_STEP})*(?![\w/])", re.IGNORECASE)
_POINT_RE = re.compile(rf"({BAR_WRITTEN}|{OFF_WRITTEN}|\d{{1,2}})([*^]?)", re.IGNORECASE)
_COUNT_RE = re.compile(r"\((\d)\)")
_DICE_RE = re.compile(r"(?<![\d.,])(\d+)-(\d+)(?![\d.,])")
_RANGE_RE = re.compile(r"(\d+)\s*[–—]\s*(\d+)")
_LINE_BULLET_RE = re.compile(r"^\s*[-*•·]+\s+", re.MULTILINE)
_LINE_NUMBER_RE = re.compile(r"^\s*(\d+)[.)]\s+", re.MULTILINE)
#: A Greek question mark typed as ";" at the end of a sentence or before a closing quote.
_QUESTION_RE = re.compile(r";(?=[\s»\"”’)]|$)")
_LATIN_RE = re.compile(r"[A-Za-z]+\d*")  # "libportaudio2" is looked up whole
_SPOKEN_LATIN = {**LATIN_SPOKEN, **SPOKEN_LATIN}
#: A path: from the root, the home folder or here; the last character is not a full stop.
_PATH = r"(?:~|\.{1,2})?/[^\s«»()\[\],;:·…]*[^\s«»()\[\],;:·….]"
_SUBCOMMANDS = "play|resume|moves|hear|models|enroll|review|fetch"
#: A command line, with "με: " or "το " before it and its options, paths and values after it.
_COMMAND_RE = re.compile(
    rf"(?:(?<=\w):\s*|\b[Ττ]ο\s+)?(?:\S*python\S*\s+-m\s+tavli_voice\.cli|tavli-voice)\s+"
    rf"(?P<sub>{_SUBCOMMANDS})(?:\s+(?:fetch|list)\b)?"
    rf"(?:\s+(?:--?[\w-]+|{_PATH}|[\w-]*\d[\w-]*|[A-ZΑ-Ω]{{2,}}\b))*")
#: "…το tavli-voice: pip install --force-reinstall tavli_voice" (how to reinstall).
_PIP_RE = re.compile(r"(?::\s*|\s+)pip\s+install\b(?:\s+(?:--?[\w-]+|[\w.\[\]-]+))*")
_OPTION_ARTICLE_RE = re.compile(r"(?<![\w-])(?P<art>[Ττ]ο)\s+--(?P<name>[A-Za-z][\w-]*)")
_OPTION_RE = re.compile(r"(?<![\w-])--(?P<name>[A-Za-z][\w-]*)")
_PATH_RE = re.compile(rf"(?<![\w/*^])(?:(?P<art>[Σσ]το|[Ττ]ο)\s+)?(?P<path>{_PATH})")
#: A path in English speech: "in /tmp/a.json" → "in the file" (no Greek article to keep).
_ENGLISH_PATH_RE = re.compile(rf"(?<![\w/*^])(?:the\s+)?(?P<path>{_PATH})")
_DATA_DIR_RE = re.compile(r"tavli[_-]voice|\.local/share", re.IGNORECASE)
#: Latin letters → Greek sounds, for Latin words the catalogue does not list (names).
_DIGRAPHS = (("th", "θ"), ("ch", "τσ"), ("sh", "σ"), ("ph", "φ"), ("ou", "ου"), ("oo", "ου"),
             ("ee", "ι"), ("ck", "κ"), ("qu", "κου"))
_LETTERS = dict(zip("abcdefghijklmnopqrstuvwxyz",
                    ("α", "μπ", "κ", "ντ", "ε", "φ", "γκ", "", "ι", "τζ", "κ", "λ", "μ", "ν", "ο",
                     "π", "κ", "ρ", "σ", "τ", "ου", "β", "ου", "ξ", "ι", "ζ")))
_DROP_RE = re.compile(r"[^\w\s" + re.escape(SPEAKABLE_PUNCTUATION) + r"]|_")


def _words(lang: str) -> dict[str, str]:
    try:
        return _WORDS[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}") from None


def speak_step(step: str, lang: str) -> str:
    """One notation step such as ``13/7*`` or ``8/5(2)`` in words."""
    w = _words(lang)
    count = _COUNT_RE.search(step)
    body = _COUNT_RE.sub("", step)
    tail_mark = body[-1] if body.endswith(("*", "^")) else ""
    points = _POINT_RE.findall(body)
    parts: list[str] = []
    for i, (name, mark) in enumerate(points):
        point = _NAMED.get(name.lower())
        if i == 0:
            parts.append(w["from_bar"] if point == BAR else w["from"].format(p=name))
        elif point == OFF:
            parts.append(w["off"])
        else:
            parts.append(w["to"].format(p=name))
        if mark or (i == len(points) - 1 and tail_mark):
            parts.append(w["hit"] if (mark or tail_mark) == "*" else w["pin"])
    text = ", ".join(_join_from_to(parts, lang))
    if count:
        # "two checkers from 8 to 5" («δύο πούλια»), as the narration counts checkers
        text = w["count"].format(n=count_words(int(count.group(1)), lang), move=text)
    return text


def _join_from_to(parts: list[str], lang: str) -> list[str]:
    """Glue "from X" and "to Y" into one phrase; keep marks as separate items."""
    w = _words(lang)
    out: list[str] = []
    marks = {w["hit"], w["pin"], w["off"]}
    for p in parts:
        # "from 13 to 7"; in Greek the capture and "off" too: "από το 13 στο 7 με χτύπημα"
        glue = p not in marks or lang == "el"
        if out and glue and out[-1] not in marks:
            out[-1] = f"{out[-1]} {p}"
        else:
            out.append(p)
    return out


def speak_play(notation: str, lang: str) -> str:
    """A whole play (``24/18 13/8``) in words, steps separated by pauses."""
    return ", ".join(speak_step(s, lang) for s in notation.split())


def greek_sounds(word: str) -> str:
    """A Latin word in Greek letters, as the Greek voice should say it.

    >>> greek_sounds("r"), greek_sounds("VOG"), greek_sounds("Mary"), greek_sounds("libportaudio2")
    ('αρ', 'βι όου τζι', 'μαρι', 'λιμπ πορτ όντιο δύο')
    """
    known = _SPOKEN_LATIN.get(word.lower())
    if known is not None:
        return known["el"]
    digits = re.search(r"\d+$", word)
    if digits:  # "mp3": the letters, then the number
        return f"{greek_sounds(word[:digits.start()])} {digits.group(0)}"
    if word.isupper() and len(word) <= 4:  # an abbreviation: letter by letter
        return " ".join(LATIN_SPOKEN[c.lower()]["el"] for c in word)
    out = word.lower()
    for latin, greek in _DIGRAPHS:
        out = out.replace(latin, greek)
    return "".join(_LETTERS.get(c, c) for c in out) or word


def _option_name(name: str) -> str:
    """An option's name in Greek sounds: ``no-save`` → "νόου σέιβ"."""
    return " ".join(greek_sounds(part) for part in name.split("-") if part)


def _say_command(found: re.Match[str], lang: str = "el") -> str:
    sub = found.group("sub")
    return text("spoken.command", lang, name=greek_sounds(sub) if lang == "el" else sub)


def _starts_sentence(found: re.Match[str]) -> bool:
    before = found.string[:found.start()].rstrip()
    return not before or before[-1] in ".:;·!?"


def _say_option(found: re.Match[str]) -> str:
    said = text("spoken.option.nom" if _starts_sentence(found) else "spoken.option.acc", "el",
                name=_option_name(found.group("name")))
    return said[0].upper() + said[1:] if found.group("art")[0].isupper() else said


def _say_english_option(found: re.Match[str]) -> str:
    """``--no-save`` → "the no save option" (capital at a sentence's start)."""
    said = text("spoken.option.acc", "en", name=found.group("name").replace("-", " "))
    return said[0].upper() + said[1:] if _starts_sentence(found) else said


def _say_path(found: re.Match[str], lang: str = "el") -> str:
    path, art = found.group("path"), found.groupdict().get("art") or ""
    data = bool(_DATA_DIR_RE.search(path))
    if re.search(r"\.[A-Za-z]\w*$", path.rsplit("/", 1)[-1]):  # a file: "autosave.json"
        return f"{art} {text('spoken.data_file' if data else 'spoken.file', lang)}".strip()
    folder = text("spoken.data_folder" if data else "spoken.folder", lang)
    if art:  # στο → στον, το → τον before "φάκελο"
        return f"{art}ν {folder}"
    return folder


def _no_spelled_names(text_: str, lang: str = "el") -> str:
    """Command lines, options and paths said as what they are (see the module).

    >>> _no_spelled_names("Continue it with: tavli-voice resume --save /home/m/a.json", "en")
    'Continue it with the resume command'
    >>> _no_spelled_names("--players takes two names; with --no-save in /tmp/x/", "en")
    'The players option takes two names; with the no save option in the folder'
    """
    text_ = _PIP_RE.sub(lambda m: " " + text("spoken.pip", lang), text_)
    text_ = _COMMAND_RE.sub(lambda m: " " + _say_command(m, lang), text_)
    if lang != "el":
        text_ = _OPTION_RE.sub(_say_english_option, text_)
        said = _ENGLISH_PATH_RE.sub(lambda m: _say_path(m, lang), text_).strip()
        return said[:1].upper() + said[1:] if text_.lstrip()[:1] in "/~." else said
    text_ = _OPTION_ARTICLE_RE.sub(_say_option, text_)
    text_ = _OPTION_RE.sub(lambda m: _option_name(m.group("name")), text_)
    return _PATH_RE.sub(_say_path, text_)


def clean_for_speech(text: str, lang: str) -> str:
    """Return ``text`` made of words, digits and pause punctuation only.

    >>> clean_for_speech("Συνέχισέ τον με: tavli-voice resume --save /home/m/a.json", "el")
    'Συνέχισέ τον με την εντολή ριζιούμ'
    >>> clean_for_speech("Με το --no-save δεν υπάρχει αγώνας στο ~/.local/share/tavli_voice.", "el")
    'Με την επιλογή νόου σέιβ δεν υπάρχει αγώνας στον φάκελο δεδομένων.'
    """
    w = _words(lang)
    text = _no_spelled_names(text, lang)
    # Lines: bullets and list numbers go, line ends become sentence ends.
    text = _LINE_BULLET_RE.sub("", text)
    text = _LINE_NUMBER_RE.sub(r"\1, ", text)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    text = " ".join(ln if ln[-1] in ".!?;:," else ln + "." for ln in lines) if len(lines) > 1 else " ".join(lines)
    text = _PLAY_RE.sub(lambda m: speak_play(m.group(0), lang), text)
    text = _DICE_RE.sub(r"\1 \2", text)
    text = _RANGE_RE.sub(lambda m: w["range"].format(a=m.group(1), b=m.group(2)), text)
    text = text.replace("&", f" {w['and']} ").replace("+", f" {w['plus']} ")
    if lang == "el":
        text = _QUESTION_RE.sub("?", text)  # before brackets turn into pauses: "(μήπως εννοείς review;)"
    text = re.sub(r"[()\[\]{}·]", ", ", text)
    if lang == "el":
        text = re.sub(r"(?<=[A-Za-z])[-/.](?=[A-Za-z])", " ", text)  # Ctrl-C, tavli-voice
        text = _LATIN_RE.sub(lambda m: greek_sounds(m.group(0)), text)
    text = _DROP_RE.sub(" ", text)
    # Tidy: no space before punctuation, no runs of pauses, no dangling dashes.
    text = re.sub(r"\s+-\s+|\s+-$|^-\s+", ", ", text)
    text = re.sub(r"\s+([.,;:!?%])", r"\1", text)
    text = re.sub(r"([.,;:!?])(?:[\s]*[,])+", r"\1", text)
    text = re.sub(r",\s*([.;:!?])", r"\1", text)  # "(1 από 3):" → "1 από 3:"
    text = re.sub(r"^[\s.,;:]+", "", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip().rstrip(",").rstrip()
