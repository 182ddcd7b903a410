"""Developer tools behind ``python -m bot``: bench, aistats, preview, migrate-db. Nothing
the bot runs imports them."""
