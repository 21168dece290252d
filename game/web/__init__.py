"""Site plumbing every app may use: requests, numbers in them, counts in the shared cache, rows
read from SQL, QR codes, the Expert slots, a position handed over through the session.

Only Django and the standard library: nothing of the project (docs/ARCHITECTURE.md).
"""
