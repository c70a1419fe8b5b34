// Package rulesets loads, merges (extends:) and validates rulesets, reporting every problem with
// its YAML line. It names no rule family: each family registers its section and its built-in
// rulesets (RegisterSection), and reads its section back (SectionOf).
package rulesets

import (
	"go.yaml.in/yaml/v3"

	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
)

// Ruleset is one ruleset file after extends: has been resolved. Exactly the section of its family
// is set (plus settlement): the section its family registered (see Section, RegisterSection and
// SectionOf).
type Ruleset struct {
	Name        string `yaml:"name"`
	Extends     string `yaml:"extends,omitempty"`
	Family      string `yaml:"family"`
	Description string `yaml:"description,omitempty"`

	Settlement *settle.Rules `yaml:"settlement,omitempty"`
	// Flow is how a game of many hands runs (who deals next, the prevailing wind, its length), for
	// the table ledger.
	Flow *gamerules.Flow `yaml:"flow,omitempty"`
	// Referee holds the replay's own table rules (dead wall, missed-win lock) for mjref referee.
	Referee *gamerules.Referee `yaml:"referee,omitempty"`

	// File is where the ruleset came from: "builtin:hk.yaml" or a path.
	File string `yaml:"-"`

	node     *yaml.Node     // the merged document, for YAML() and line lookups
	sections map[string]any // the registered sections written (see RegisterSection), by key
	snapshot string         // the built-in's name when it came from the snapshot (node is then nil)
	kept     any            // what its section's hooks kept (Prep.Keep): American's card
}

// SectionOf is the section of rs written under key family, as the type its family's Section.New
// returns (*hk.Rules for "hk"); the zero T (nil) when rs has none or it is of another type. A
// family reads its own section with it.
func SectionOf[T any](rs *Ruleset, family string) T {
	v, _ := rs.sectionOf(family).(T)
	return v
}

// Kept is what the hooks of rs's section kept with it while it loaded (Prep.Keep): the American
// card its section names, loaded; nil when they kept nothing.
func (rs *Ruleset) Kept() any { return rs.kept }
