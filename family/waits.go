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

// WaitsRequest is one hand to analyse: 13 tiles (what it waits on) or 14 (what to discard), with
// the seats as letters and the tiles seen outside the hand in notation.
type WaitsRequest struct {
	Hand       string `json:"hand"`
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	Seen       string `json:"seen,omitempty"`
}

// WaitsView is one analysis, as the JSON contract writes it (schema/waits.json).
type WaitsView struct {
	InputLine int    `json:"input_line,omitempty"`
	Hand      string `json:"hand"`
	Ruleset   string `json:"ruleset"`
	waits.Analysis
}

// Positive says whether the verdict is positive: the hand is ready or complete, or 14 tiles were
// weighed discard by discard.
func (v *WaitsView) Positive() bool { return v.Ready || v.Complete || v.Tiles != 13 }
