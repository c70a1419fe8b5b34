// Package rulesets holds the built-in rulesets and cards (embedded YAML) and loads, merges (extends:)
// and validates rulesets, reporting every problem with its YAML line.
package rulesets

import (
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/points"
)

// Family names.
const (
	FamilyHK       = "hk"
	FamilyAmerican = "american"
	FamilyDeBurger = "deburger"
)

// Ruleset is one ruleset file after extends: has been resolved. Exactly the section of its family is set
// (plus settlement): HK, American or DeBurger, or the section a family registered (see Section and
// RegisterSection).
type Ruleset struct {
	Name        string `yaml:"name"`
	Extends     string `yaml:"extends,omitempty"`
	Family      string `yaml:"family"`
	Description string `yaml:"description,omitempty"`

	HK         *hk.Rules       `yaml:"hk,omitempty"`
	DeBurger   *points.Rules   `yaml:"deburger,omitempty"`
	American   *american.Rules `yaml:"american,omitempty"`
	Settlement *settle.Rules   `yaml:"settlement,omitempty"`
	// Flow is how a game of many hands runs (who deals next, the prevailing wind, its length), for
	// the table ledger.
	Flow *gamerules.Flow `yaml:"flow,omitempty"`
	// Referee holds the replay's own table rules (dead wall, missed-win lock) for mjref referee.
	Referee *gamerules.Referee `yaml:"referee,omitempty"`

	// Card is the American card the american: section names, loaded and expanded with the ruleset.
	Card *american.Card `yaml:"-" json:"-"`

	// File is where the ruleset came from: "builtin:hk.yaml" or a path.
	File string `yaml:"-"`

	node     *yaml.Node     // the merged document, for YAML() and line lookups
	sections map[string]any // the registered sections written (see RegisterSection), by key
	snapshot string         // the built-in's name when it came from the snapshot (node is then nil)
}

// HouseExamples lists the ruleset's house hands, each with a generated hand that matches it; nil
// when the ruleset has none.
func (rs *Ruleset) HouseExamples() []hk.HouseExample {
	if rs.HK == nil {
		return nil
	}
	return rs.HK.HouseExamples()
}
