"""tavli_voice.narration."""

import sys

from .. import words as messages

# The words catalogue moved to :mod:`tavli_voice.words`; code written against
# ``tavli_voice.narration.messages`` still finds it under that name.
sys.modules[__name__ + ".messages"] = messages
