"""Single-switch and two-switch scanning: pure machines, no I/O.

Flow (style guide: inputs only produce commands)::

    session state ──► ScanMenu ──build_root()──► ScanMode (options)
    switch presses / clock ticks ──► Scanner ──► Highlight | ScanPaused
                                              | SettingsChanged | Command

* :mod:`.options` — :class:`ScanMenu`, :class:`PlayChoice`, :func:`build_root`,
  :class:`CheckerMode` (a long list by the checker moved);
* :mod:`.modes` — :class:`ScanOption`, :class:`ListMode`, groups and Back;
* :mod:`.steps` — :class:`StepMode`, step-by-step choice of a play;
* :mod:`.scanner` — :class:`AutoScanner`, :class:`StepScanner`, :func:`make_scanner`;
* :mod:`.settings` — :class:`ScanSettings`, load/save of the "scanning" section;
* :mod:`.clock` — :class:`ManualClock`, :class:`MonotonicClock`;
* :mod:`.cost` — scan steps and presses per choice, for the benchmark;
* :mod:`.words` — the labels in English and Greek.
"""

from .clock import Clock, ManualClock, MonotonicClock
from .modes import BACK_OPTION, ListMode, ScanAdjust, ScanMode, ScanOption, group_options
from .options import CheckerMode, PlayChoice, ScanMenu, build_root, play_choices, play_layout
from .scanner import (AutoScanner, Highlight, ScanEvent, ScanOutput, Scanner, ScanPaused,
                      SettingsChanged, State, StepScanner, Switch, make_scanner)
from .settings import (LoadedScanSettings, ScanSettingError, ScanSettings, SettingsProblem,
                       load_scan_settings, save_scan_settings, save_scan_speed)
from .steps import StepMode

__all__ = [
    "Clock", "ManualClock", "MonotonicClock", "BACK_OPTION", "ListMode", "ScanAdjust",
    "ScanMode", "ScanOption", "group_options", "CheckerMode", "PlayChoice", "ScanMenu", "build_root",
    "play_layout", "play_choices", "AutoScanner", "Highlight", "ScanEvent", "ScanOutput", "Scanner",
    "ScanPaused", "SettingsChanged", "State", "StepScanner", "Switch", "make_scanner",
    "LoadedScanSettings", "ScanSettingError", "ScanSettings", "SettingsProblem",
    "load_scan_settings", "save_scan_settings", "save_scan_speed", "StepMode",
]
