"""tavli_voice.speech."""
