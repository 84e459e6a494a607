"""Games: the rules engines (``scoring.roimat``, plain Python), score sheets and exports."""
