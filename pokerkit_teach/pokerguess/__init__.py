"""PokerGuess: predictions about colour and figure groups over all the cards on the table.

So far: predictions, their order and the check (the engine comes next).
"""

from pokerkit_teach.pokerguess.check import ColourOrder, Prediction, PredictionCheck, check_in_order, check_prediction, checking_order, count_groups

__all__ = ["ColourOrder", "Prediction", "PredictionCheck", "check_in_order", "check_prediction", "checking_order", "count_groups"]
