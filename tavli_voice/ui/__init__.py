"""tavli_voice.ui."""
