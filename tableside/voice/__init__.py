"""The ship's voice: announcements spoken offline by espeak-ng (the optional ``voice`` extra).

Nothing here is imported until a game speaks: ``espeak`` binds the library, ``players``
finds what the platform plays sound with, ``speaker`` does both in a worker thread.
"""
