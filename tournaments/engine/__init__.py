"""Tournament algorithms in plain Python (no Django), tested on plain values: seating of each
round (``seating``) and rankings (``standings``). ``tournaments`` models are the thin adapter
to the database, as Tabbycat's ``draw/manager.py`` is to its generators."""
