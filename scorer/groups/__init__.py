"""Groups of games (a game night, a family, a club) and the statistics over their games.

:mod:`.service` is the one path every group change takes (pages, API, commands);
:mod:`.statistics` answers the figures as SQL aggregates over the results table;
:mod:`.remembered` keeps the groups a browser created or opened.
"""
