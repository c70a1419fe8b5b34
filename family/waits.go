package family

import (
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/waits"
)

// Waiter readies the wait analysis (scoring/waits) for the ruleset.
type Waiter interface {
	// WaitOptions is what waits.Analyze needs for h under the ruleset: the shapes it allows and the
	// value of each win at sit's seat and prevailing wind. It refuses a hand the family cannot
	// play (a joker where none is played).
	WaitOptions(h *notation.Hand, sit scoring.Situation) (waits.Options, error)
}

// WaitPlay is what the player did this hand, as a family that judges furiten reads it
// (PlayWaiter): their own discards, and the discards of others they let go.
type WaitPlay struct {
	// Discards are the player's own discards this hand.
	Discards notation.Counts
	// Passed are tiles others discarded that the player did not win on: since the player's last
	// discard, or since they declared riichi when Riichi.
	Passed notation.Counts
	// Riichi says the player has declared riichi.
	Riichi bool
}

// Given says whether any of the play was given.
func (p *WaitPlay) Given() bool {
	return p.Riichi || p.Discards != notation.Counts{} || p.Passed != notation.Counts{}
}

// PlayWaiter is a Waiter that judges furiten (riichi's 振聴): what the player discarded and let
// go bars a win on a discard. A Waiter that is not one refuses a WaitPlay given.
type PlayWaiter interface {
	// PlayWaitOptions is WaitOptions for a player who did p this hand: the options' Furiten
	// judges the waits, and the values count what p declares (riichi).
	PlayWaitOptions(h *notation.Hand, sit scoring.Situation, p WaitPlay) (waits.Options, error)
}
