"""tavli_voice.bots."""
