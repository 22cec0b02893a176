"""The rules at hand: every building, wonder and expansion card the project scores, with what
it does in sentences, the rulings that concern it, and a search by name and by effect words.

Pure Python like the rest of the engine: the pages (``scorer/web/cards.py``) and the API
(``scorer/api/cards.py``) hand it the translators of the three languages and show what it
answers. :mod:`.index` builds the entries of every catalog the app loads (both editions, each
expansion's cards through its ``at_hand`` hook), :mod:`.sentences` turns effects into sentences
through the registry of effect kinds, :mod:`.rulings` holds the rulings as data tied to card
ids, and :mod:`.search` finds entries by what a player types.
"""
