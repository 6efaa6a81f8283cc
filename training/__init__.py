"""The tools that fit the expert bot's weights; not part of the installed package.

Run them from the repository's top folder, e.g. ``python -m training.train``
(TD(λ) self-play), ``training.policy_iter`` (policy iteration),
``training.distill`` (fitting gnubg's labels), ``training.gnubg_label`` (run
inside gnubg), ``training.lookahead_fit`` and ``training.ensemble`` (nets side
by side in one file). They import the runtime bots (``tavli_voice.bots``:
features, the net, the strong bot); the runtime imports nothing from here and
only loads the ``.npz`` files these write (``models/README.md`` maps the
commands recorded in the weights' ``meta`` to these).
"""
