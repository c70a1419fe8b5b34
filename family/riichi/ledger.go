package riichi

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/gamerules"
)

// LedgerFlow is Tenhou's east-south game (gamerules.RiichiFlow): the dealer repeats after a
// win, after an exhaustive draw when ready and after an abortive draw; honba and riichi sticks
// are kept; 25,000 to start, uma 20-10 and a 30,000 return.
func (r *rules) LedgerFlow() gamerules.Flow { return gamerules.RiichiFlow() }

// LedgerUnit is "han": a winning hand is recorded by its han and fu.
func (r *rules) LedgerUnit() string { return "han" }

// RefuseLedger refuses a three-player ruleset: a ledger seats four players.
func (r *rules) RefuseLedger() error {
	if r.opt.Players == 3 {
		return family.WithHint(family.Usagef("ruleset %s is for three players: a ledger keeps four players' games (three-player games are not kept yet)", r.rs.Name),
			"a four-player riichi evening: --rules riichi")
	}
	return nil
}
