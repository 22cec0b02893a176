"""The Leaders expansion's engine: leader data, the leaders row, science with leaders, what
leaders change about building and recruiting, and the validation of ``leaders``/``buried``.

The expansion itself is registered in :mod:`scorer.engine.rules.leaders`
(``get_ruleset(edition, ["leaders"])``); everything here is reached through that ruleset, so
no other module asks whether Leaders is played, only whether ``ruleset.leaders`` is there.

For pages and PDFs
------------------
- ``ruleset.leaders.playable``: the 49 leaders a city may recruit, in the box's order, each a
  :class:`~.catalog.Leader` with ``id``, ``label`` (translatable name, context ``leader``),
  ``set`` (``standard`` / ``expert``), ``cost`` (coins, None for "A": then
  ``age_cost`` is True and ``cost_in(age)`` gives 1, 2 or 3) and ``effects``.
- ``ruleset.leaders.leaders``: also the 6 Cities leaders (``playable`` False), refused by
  validation with ``unsupported_expansion``.
- ``ruleset.rows`` ends with the ``leaders`` row (label "Leaders"); ``ruleset.side_ids`` name
  Roma's and Abu Simbel's sides as the edition does (first edition: A = day, B = night).
- :func:`.recruit.taken_leaders` (leader id -> the city holding it, face up or buried),
  :func:`.recruit.leader_slots` (how many leaders a city may hold),
  :func:`.recruit.recruit_cost` / :func:`.recruit.recruit_report` (the recruit check).
- A city's ``leaders`` (face up) and ``buried`` (:class:`~.scoring.Buried`: ``leader``,
  ``age``, ``points``) after validation; the score report adds per player
  ``science_copy``, ``science_swap``, ``copied_leader`` and ``copied_leader_from`` when they
  apply, and explains every leader in ``explanations["leaders"]``.
"""
