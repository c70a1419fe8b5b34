package riichi

import (
	"github.com/mjref/mjref/referee/gamerules"
)

// LedgerFlow is Tenhou's east-south game (gamerules.RiichiFlow): the dealer repeats after a
// win, after an exhaustive draw when ready and after an abortive draw; honba and riichi sticks
// are kept; 25,000 to start, uma 20-10 and a 30,000 return.
// Three players (riichi-sanma): Tenhou's three-player game (gamerules.SanmaFlow), seated E, S, W.
func (r *rules) LedgerFlow() gamerules.Flow {
	if r.opt.Players == 3 {
		return gamerules.SanmaFlow()
	}
	return gamerules.RiichiFlow()
}

// LedgerUnit is "han": a winning hand is recorded by its han and fu.
func (r *rules) LedgerUnit() string { return "han" }

// RefuseLedger refuses no riichi ruleset: a three-player one keeps a ledger of three.
func (r *rules) RefuseLedger() error { return nil }
