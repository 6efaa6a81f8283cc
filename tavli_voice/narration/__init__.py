"""tavli_voice.narration: speech out (phrasers, readouts, narrator, speakers); words from tavli_voice.words."""
