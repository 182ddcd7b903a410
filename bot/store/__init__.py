"""Where matches live: the contract (``contract``), the statements the SQL drivers share
(``sql``), the drivers (``sqlite``, ``memory``, ``postgres``; ``drivers.store_from_url``
picks one), the records they keep (``ratings``, ``people``), the shard filter (``shards``)
and the numbered migrations."""
