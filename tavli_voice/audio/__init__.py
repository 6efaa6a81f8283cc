"""Sound as numbers and sound devices, shared by speech output and speech input.

* :mod:`tavli_voice.audio.wav` — WAV reading and writing, resampling (the one
  copy used by ``narration/`` and ``speech/``);
* :mod:`tavli_voice.audio.device` — loading PortAudio (``sounddevice``) so
  that nothing the audio libraries print reaches the player's screen;
* :mod:`tavli_voice.audio.priority` — raising the sound threads' priority;
* :mod:`tavli_voice.audio.earcons` — the short sounds made in code;
* :mod:`tavli_voice.audio.synth` — the speech engines: clean text to samples;
* :mod:`tavli_voice.audio.sinks` — where samples are played (or recorded), and stopped at once;
* :mod:`tavli_voice.audio.capture` — the microphone, 16 kHz mono (:data:`~tavli_voice.audio.wav.RATE`);
* :mod:`tavli_voice.audio.aec` and :mod:`tavli_voice.audio.echo` — the echo canceller: the
  narrator's voice taken out of what the microphone hears.

Nothing here imports anything else in the package.
"""
