"""The board window: a clear Tavli board for sighted switch, voice and remote users.

Modules, each small and, except ``render`` and ``window``, free of pygame:

* :mod:`.theme` — the high-contrast default theme, a classic wooden one, the scale;
* :mod:`.layout` — pure geometry of the board and panel for any window size, hit-testing;
* :mod:`.model` — :class:`~.model.BoardView`, the frame's content built from the session;
* :mod:`.navigation` — remote keys, digits, pointer and dwell as pure state machines → commands;
* :mod:`.scan_menu` / :mod:`.scanview` — the session's legal commands for the scanner, and
  what a scanned option means on the board;
* :mod:`.words` — the window's own labels in English and Greek;
* :mod:`.render` — draws a BoardView on a pygame Surface;
* :mod:`.inputs` — pygame events → keys, digits, switches, clicks;
* :mod:`.window` — :func:`~.window.run_window`, the loop around the shared App.

Import :func:`run_window` from :mod:`tavli_voice.ui.board.window` (importing this package
does not import pygame).
"""
