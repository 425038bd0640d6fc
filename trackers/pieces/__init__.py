"""The pieces every game is built from: Track, Countdown, Counter, decks, Bag, Secret, Dice."""

from trackers.pieces.bag import Bag
from trackers.pieces.base import Piece, PieceError, piece_from_dict, register_piece
from trackers.pieces.countdown import Countdown
from trackers.pieces.counter import Counter
from trackers.pieces.deck import PhysicalDeck, VirtualDeck
from trackers.pieces.dice import Dice
from trackers.pieces.secret import Secret, commitment_code
from trackers.pieces.track import Milestone, Move, Track

__all__ = [
    "Bag",
    "Countdown",
    "Counter",
    "Dice",
    "Milestone",
    "Move",
    "PhysicalDeck",
    "Piece",
    "PieceError",
    "Secret",
    "Track",
    "VirtualDeck",
    "commitment_code",
    "piece_from_dict",
    "register_piece",
]
