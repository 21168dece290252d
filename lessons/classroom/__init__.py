"""Classrooms: classes and rosters, live sessions answered on phones, and homework.

Services (``rosters``, ``live``, ``homework``, ``exports``, ``questions``, ``ratelimit``) hold the
logic; ``views`` only reads requests and renders.
"""
