"""tavli_voice.scanning."""
