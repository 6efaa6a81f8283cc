"""tavli_voice.narration."""
