"""Whisper's byte-level BPE encoder, in Python, built without holding the interpreter.

The Whisper engine needs token ids for the phrases it scores (" Seven.",
" Πέντε."), nothing else: no decoding, no offsets. The ``tokenizers``
library does this, but building its tokenizer from ``tokenizer.json`` is one
call that keeps Python's lock for 130-175 ms (measured, idle machine; several
times that on a busy one), and meanwhile no other thread of the game runs:
a key pressed while the voice engine loads waited that long for its sound,
and the speaker's feed starved. Here the tables are read in slices and built
by Python loops, which let the other threads in every few milliseconds.

The encoding is GPT-2's byte-level BPE, as ``tokenizers`` does it for
Whisper's ``tokenizer.json`` (``ByteLevel`` pre-tokenizer with its regular
expression, no prefix space, no normalizer). Python's ``re`` has no
``\\p{L}``/``\\p{N}``: the expression here is exact for text without
non-decimal numerals (such as "²" or "Ⅻ"); :meth:`ByteLevelBPE.plain` tells
whether a text is such, and the engine asks ``tokenizers`` for the rest.

>>> bpe = ByteLevelBPE({"a": 0, "b": 1, "ab": 2, "Ġ": 3, "Ġab": 4}, [("a", "b"), ("Ġ", "ab")], {})
>>> bpe.encode("ab ab"), bpe.encode(" ba")
([2, 4], [3, 1, 0])
>>> bpe.decode([2, 4])
'ab ab'
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache

#: GPT-2's pre-tokenizing expression in Python's ``re``: letters are ``[^\\W\\d_]``,
#: numbers ``\\d``, and "anything else" keeps ``_`` (a word character for ``re``).
_PIECES = re.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?(?:[^\s\w]|_)+|\s+(?!\S)|\s+""")

#: Entries parsed per slice of the tables (each slice is one short ``json.loads``).
SLICE = 2000


@lru_cache(maxsize=1)
def _byte_chars() -> tuple[str, ...]:
    """GPT-2's printable stand-in for each byte value (``bytes_to_unicode``)."""
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars: dict[int, str] = {b: chr(b) for b in keep}
    extra = 0
    for b in range(256):
        if b not in chars:
            chars[b] = chr(256 + extra)
            extra += 1
    return tuple(chars[b] for b in range(256))


class ByteLevelBPE:
    """Byte-level BPE encoding over a vocabulary, merge list and special tokens.

    ``vocab`` maps a token (in byte stand-ins) to its id; ``merges`` are the
    pairs in order of priority; ``specials`` maps special tokens
    (``<|startoftranscript|>``…) to their ids.
    """

    def __init__(self, vocab: dict[str, int], merges: list[tuple[str, str]], specials: dict[str, int]) -> None:
        self.vocab = vocab
        self.specials = specials
        self.ranks: dict[tuple[str, str], int] = {}
        for rank, pair in enumerate(merges):
            self.ranks[pair] = rank
        self._cache: dict[str, list[int]] = {}
        self._names: dict[int, str] | None = None

    # ------------------------------------------------------------ reading
    @classmethod
    def from_tokenizer_json(cls, text: str) -> "ByteLevelBPE":
        """Read a ``tokenizers`` file (``tokenizer.json``) of a byte-level BPE model.

        A pretty-printed file (the usual form) is parsed a slice of entries at
        a time; any other layout is parsed whole. Raises ``ValueError`` when it
        is not a byte-level BPE without a normalizer.
        """
        head_end = text.find('"model"')
        if head_end < 0:
            raise ValueError("tokenizer.json has no model")
        head = json.loads(_close_object(text[:head_end]))
        pre = head.get("pre_tokenizer") or {}
        if head.get("normalizer") is not None or pre.get("type") != "ByteLevel" \
                or pre.get("add_prefix_space") or not pre.get("use_regex", True):
            raise ValueError("not a byte-level BPE tokenizer without prefix space and normalizer")
        specials = {t["content"]: int(t["id"]) for t in head.get("added_tokens", [])}
        if not specials:
            raise ValueError("tokenizer.json lists no special tokens before its model")
        vocab_at, merges_at = text.find('"vocab"', head_end), text.find('"merges"', head_end)
        if vocab_at < 0 or merges_at < 0:
            raise ValueError("tokenizer.json has no vocab or merges")
        model_open = text.index("{", head_end)
        model_end = _inside(text, model_open)[1] + 1
        vocab_span = _inside(text, text.index("{", vocab_at))
        merges_span = _inside(text, text.index("[", merges_at))
        skeleton: list[str] = []  # the model without its two tables: its settings
        at = model_open
        for table_start, table_end in sorted((vocab_span, merges_span)):
            skeleton.append(text[at:table_start])
            at = table_end
        settings = json.loads("".join(skeleton) + text[at:model_end])
        if settings.get("type") != "BPE" or settings.get("dropout") or settings.get("byte_fallback") \
                or settings.get("continuing_subword_prefix") or settings.get("end_of_word_suffix"):
            raise ValueError(f"not a plain BPE model: {settings}")
        vocab_body = text[vocab_span[0]:vocab_span[1]]
        merges_body = text[merges_span[0]:merges_span[1]]
        vocab: dict[str, int] = {}
        for part in _slices(vocab_body):
            vocab.update(json.loads("{" + part + "}"))
        merges: list[tuple[str, str]] = []
        for part in _slices(merges_body):
            for item in json.loads("[" + part + "]"):
                if isinstance(item, str):
                    first, _, second = item.partition(" ")
                    merges.append((first, second))
                else:
                    merges.append((item[0], item[1]))
        return cls(vocab, merges, specials)

    # ------------------------------------------------------------ encoding
    def token_to_id(self, token: str) -> int | None:
        """The id of a special or ordinary token, if it has one."""
        found = self.specials.get(token)
        return found if found is not None else self.vocab.get(token)

    def decode(self, ids: list[int]) -> str:
        """The text of token ids (special tokens as written)."""
        if self._names is None:
            self._names = {i: t for t, i in self.vocab.items()}
            self._names.update({i: t for t, i in self.specials.items()})
        byte_of = {c: b for b, c in enumerate(_byte_chars())}
        data = bytearray()
        for i in ids:
            name = self._names[i]
            data += name.encode("utf-8") if name in self.specials else bytes(byte_of[c] for c in name)
        return data.decode("utf-8", "replace")

    @staticmethod
    def plain(text: str) -> bool:
        """True when :meth:`encode` is exact for ``text`` (no non-decimal numerals in it)."""
        return not any(ord(c) > 127 and unicodedata.category(c) in ("Nl", "No") for c in text)

    def encode(self, text: str) -> list[int]:
        """The token ids of ``text`` (no special tokens added)."""
        chars = _byte_chars()
        out: list[int] = []
        for piece in _PIECES.findall(text):
            word = "".join(chars[b] for b in piece.encode("utf-8"))
            out.extend(self._word(word))
        return out

    def _word(self, word: str) -> list[int]:
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        parts = list(word)
        while len(parts) > 1:
            best, at = None, -1
            for i in range(len(parts) - 1):
                rank = self.ranks.get((parts[i], parts[i + 1]))
                if rank is not None and (best is None or rank < best):
                    best, at = rank, i
            if best is None:
                break
            pair = (parts[at], parts[at + 1])
            merged: list[str] = []
            i = 0
            while i < len(parts):  # every occurrence of the best pair, left to right
                if i < len(parts) - 1 and (parts[i], parts[i + 1]) == pair:
                    merged.append(parts[i] + parts[i + 1])
                    i += 2
                else:
                    merged.append(parts[i])
                    i += 1
            parts = merged
        ids = [self.vocab[p] for p in parts]
        self._cache[word] = ids
        return ids


def _close_object(head: str) -> str:
    """The start of a JSON object up to one of its keys, closed into an object."""
    return head.rstrip().rstrip(",") + "}"


def _inside(text: str, start: int) -> tuple[int, int]:
    """Where the inside of the bracket at ``start`` begins, and where its partner is.

    In a pretty-printed file the partner is the first line after it that
    holds only the closing bracket at the opening line's indentation; else
    the brackets are counted (strings skipped).
    """
    closing = "}" if text[start] == "{" else "]"
    line_start = text.rfind("\n", 0, start) + 1
    indent = len(text[line_start:start]) - len(text[line_start:start].lstrip(" "))
    if text.startswith("\n", start + 1):
        partner = re.compile("\n" + " " * indent + re.escape(closing) + r"(?=,?\s*(?:\n|$))").search(text, start)
        if partner is not None:
            return start + 1, partner.end() - 1
    depth = 0
    for match in re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]').finditer(text, start):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
        elif token in ("]", "}"):
            depth -= 1
            if depth == 0:
                return start + 1, match.start()
    raise ValueError(f"unclosed {text[start]} in tokenizer.json")


def _slices(body: str) -> list[str]:
    """``body`` (the entries of a JSON array or object) cut between entries, ``SLICE`` a piece.

    Entries of a pretty-printed file each begin on a line of their own at the
    shallowest indentation; other layouts come back whole.
    """
    first = re.search(r"^( *)\S", body, re.M)
    if first is None:
        return []
    top = len(first.group(1))
    starts = [m.start() for m in re.finditer("^" + " " * top + r"(?![\]}\s])", body, re.M)]
    if len(starts) <= SLICE:
        return [body.strip().rstrip(",")]
    bounds = starts[::SLICE] + [len(body)]
    return [body[a:b].strip().rstrip(",") for a, b in zip(bounds, bounds[1:])]
