"""The saved game document itself, below the database: its format versions and their upgrade
steps (:mod:`.upgrades`), and the stable ids of its players (:mod:`.player_ids`).

It sits under :mod:`scorer.storage` so that the database can upgrade an old document on read
and tell an entered city from an empty one without reaching up into the games' services.
"""
