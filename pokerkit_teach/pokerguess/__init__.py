"""PokerGuess: predictions about colour and figure groups over all the cards on the table.

So far: predictions, their order and the check (the engine comes next).
"""

from .check import ColourOrder, Prediction, PredictionCheck, check_prediction, checking_order

__all__ = ["ColourOrder", "Prediction", "PredictionCheck", "check_prediction", "checking_order"]
