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
