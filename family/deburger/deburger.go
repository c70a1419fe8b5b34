// Package deburger is the DeBurger House Rules family: every player's hand scored in points
// (scoring/points), the sheet settled between all four players.
package deburger

import (
	"fmt"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Family is the DeBurger family; its rulesets say family: deburger.
type Family struct{}

// ID is "deburger".
func (Family) ID() string { return ID }

// Title is "DeBurger".
func (Family) Title() string { return "DeBurger" }

// CheckWin refuses the wins only Hong Kong tables have (a human hand, seven flowers).
func (Family) CheckWin(k scoring.WinKind) error {
	if k.HongKongOnly() {
		return family.Fieldf("%s %s is a Hong Kong win: the DeBurger sheet has no such win", family.Field("win"), k)
	}
	return nil
}

// Notation reads hands plainly (0m is a red five).
func (Family) Notation() notation.Options { return notation.Options{} }

// Documents are the family's result types in the JSON contract.
func (Family) Documents() map[string]any {
	return map[string]any{"score": Scored{}, "settle": SettleView{}}
}

// Bind binds the family to a DeBurger ruleset.
func (Family) Bind(rs *rulesets.Ruleset, opt family.BindOptions) (family.Rules, error) {
	if Rules(rs) == nil {
		return nil, family.WithHint(fmt.Errorf("ruleset %s has no deburger: section", rs.Name), "start the ruleset with 'extends: deburger-2026'")
	}
	if err := family.RefuseCard(rs, opt, Family{}); err != nil {
		return nil, err
	}
	return &rules{rs: rs}, nil
}

type rules struct {
	rs *rulesets.Ruleset
}

func (r *rules) Ruleset() *rulesets.Ruleset { return r.rs }
func (r *rules) Family() family.Family      { return Family{} }
