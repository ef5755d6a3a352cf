"""Game machinery with no game's rules in it.

Errors, actions, explanations, the State protocol, tricks, matches and game records.
"""
