"""tavli_voice: an accessible Tavli player (Portes, Plakoto, Fevga and the match).

Play by voice, one switch, keyboard or remote, with a screen reader or the
program's own speech, in Greek or English.
"""

__version__ = "0.1.0"
