"""Studies: every choice of one decision played out over the same sampled
worlds, valued in bag-adjusted points with a 95% interval.

The search levels and the coach share them: :mod:`.cards` (the card to
play), :mod:`.bids` (a bid, or looking against bidding blind), :mod:`.draw`
(the two-player draw), :mod:`.exchange` (the blind-nil pass) and
:mod:`.exact` (worlds solved exactly with :mod:`spadeslib.analysis`). The
coach (:mod:`spadeslib.coach`) turns a study into advice, a rating and words;
the studies know nothing of them.
"""
