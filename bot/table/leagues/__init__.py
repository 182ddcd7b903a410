"""Server leagues: a season of one game, Swiss or round robin, its rounds opened as
ordinary matches. Pure parts: ``pairing`` (who meets whom), ``standings`` (points and
tie-breaks), ``season`` (the league's life); ``service`` stores it and opens its matches
through the table's ``MatchService``. No Discord here: ``cogs.league`` shows it."""
