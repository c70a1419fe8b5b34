package engine

import (
	"fmt"
	"path/filepath"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
)

// refuseLedgerFields refuses the first flag of given that the family of k does not read, with the
// family's hint: a flag given under another family is refused rather than ignored.
func refuseLedgerFields(r family.Rules, given []string) error {
	rs := r.Ruleset()
	for _, name := range given {
		if ok, hint := r.Takes(family.UseLedger, name); !ok {
			err := family.Fieldf("%s does not apply to this ledger's ruleset %s (family %s)", family.Field(name), rs.Name, rs.Family)
			if hint != "" {
				return family.HintFields(err, family.Textf("%s", family.Flags(hint)))
			}
			return err
		}
	}
	return nil
}

// ledgerGame is how a new game is set up: its players, ruleset and overrides, and how long it
// lasts, as ledger new's flags give them.
type ledgerGame struct {
	// Players are the four players in seat order for the first hand, East first.
	Players [4]string
	// Rules is the built-in ruleset or ruleset file the game is played under (a file is recorded
	// by its absolute path, so later commands find it from anywhere); Sets its overrides.
	Rules string
	Sets  []string
	// Length, Stake and Target change the flow ("" keeps the ruleset's, or the family's).
	Length, Stake, Target string
}

// seatedNames counts the players named.
func seatedNames(p [4]string) int {
	n := 0
	for _, name := range p {
		if name != "" {
			n++
		}
	}
	return n
}

// LedgerRefuser is a Scorekeeper some of whose rulesets keep no ledger (riichi-sanma: a ledger
// seats four players): RefuseLedger says why, as bad input, or is nil.
type LedgerRefuser interface {
	RefuseLedger() error
}

// ledgerHeader is the header of a new game under r: the family's flow unless the ruleset has a
// flow: section, changed by the game's length, stake and target.
func ledgerHeader(r family.Rules, g ledgerGame) (ledger.Header, error) {
	rs := r.Ruleset()
	k, ok := r.(Scorekeeper)
	if !ok {
		return ledger.Header{}, family.WithHint(fmt.Errorf("ruleset %s (family %s): mjref keeps no ledger under it", rs.Name, rs.Family), "")
	}
	if r, ok := r.(LedgerRefuser); ok {
		if err := r.RefuseLedger(); err != nil {
			return ledger.Header{}, err
		}
	}
	h := ledger.Header{Players: g.Players, Family: rs.Family, Ruleset: g.Rules, Sets: g.Sets, Flow: k.LedgerFlow()}
	if !rulesets.IsBuiltin(g.Rules) {
		if abs, err := filepath.Abs(g.Rules); err == nil {
			h.Ruleset = abs
		}
	}
	if rs.Flow != nil {
		h.Flow = *rs.Flow
		if k.LedgerFlow().Players == 3 {
			h.Flow.Players = 3
		}
	}
	switch n, given := h.Flow.Seated(), seatedNames(g.Players); {
	case n == 3 && given != 3:
		return h, family.WithHint(family.Usagef("--players: ruleset %s is for three players, and %d are named", rs.Name, given),
			`name three, East, South and West: --players "Ann,Ben,Cat"`)
	case n == 4 && given != 4:
		return h, family.WithHint(family.Usagef("--players: ruleset %s seats four players, and %d are named", rs.Name, given),
			"name four, or play three with a three-player ruleset (--rules riichi-sanma)")
	}
	var err error
	if g.Length != "" {
		if h.Flow.Length, err = gamerules.ParseLength(g.Length); err != nil {
			return h, family.Usagef("--length: %v", err)
		}
	}
	if g.Stake != "" {
		if h.Flow.Stake, err = settle.ParseAmount(g.Stake); err != nil {
			return h, family.Usagef("--stake: %v", err)
		}
	}
	if g.Target != "" {
		if h.Flow.Target, err = settle.ParseAmount(g.Target); err != nil {
			return h, family.Usagef("--target: %v", err)
		}
	}
	return h, nil
}
