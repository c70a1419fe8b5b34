package hongkong

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/hk"
)

//go:generate go run -tags mjref_nosnapshot ../../internal/snapshot

// ID is the family: key of Hong Kong rulesets, and the key of their section.
const ID = "hk"

//go:embed builtin/*.yaml
var builtin embed.FS

// Section is the hk: section (a *hk.Rules) and the built-in rulesets hk, hk-table and
// hk-oldstyle, snapshotted (snapshot_gen.go).
func (Family) Section() rulesets.Section {
	sub, err := fs.Sub(builtin, "builtin")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return rulesets.Section{Family: ID, New: func() any { return new(hk.Rules) }, Builtins: sub,
		Decoded: houseSources, Finish: hkBounds, Snapshots: snapshots}
}

// Rules is the hk: section of rs; nil when rs has none.
func Rules(rs *rulesets.Ruleset) *hk.Rules { return rulesets.SectionOf[*hk.Rules](rs, ID) }

// HouseExamples lists the ruleset's house hands, each with a generated hand that matches it; nil
// when the ruleset has none.
func (r *rules) HouseExamples() []hk.HouseExample { return Rules(r.rs).HouseExamples() }

// houseSources makes each house hand cite the file it is written in, as card lines do, so a table's
// own hand is found in its own file.
func houseSources(p *rulesets.Prep) {
	for id, hh := range Rules(p.Ruleset).HouseHands {
		if f, _, ok := p.Written(ID, "house_hands", id); ok && hh != nil && f != "" {
			hh.Source.Ruleset = f
		}
		if hh != nil && hh.Patterns != nil {
			hh.PatternLines = make([]int, len(hh.Patterns))
			for i := range hh.Patterns {
				if _, line, ok := p.Written(ID, "house_hands", id, "patterns", fmt.Sprint(i)); ok {
					hh.PatternLines[i] = line
				}
			}
		}
	}
}

// hkBounds binds hk's faan bounds (min_faan, cap and the limit) to the settlement, so a payment
// reads the table at the faan the score says, and refuses a payout table that cannot pay
// min_faan and every faan to the cap, naming the line of the bound and the line of the table.
func hkBounds(p *rulesets.Prep) error {
	reach, table, ok := p.BindBounds(Rules(p.Ruleset).Bounds())
	if !ok {
		return nil
	}
	b := p.Ruleset.Settlement.Bounds
	if b.Min < reach.From {
		return p.FailAt([]string{ID, "min_faan"}, fmt.Sprintf("min_faan %d needs a row for %d faan, but %s starts at %d faan", b.Min, b.Min, table, reach.From))
	}
	if reach.Open {
		return nil
	}
	const hint = "give it rows up to the cap, or beyond: {double_every: 2} (half-spicy), {double_every: 1} (full-spicy) or {add: POINTS}"
	if b.Cap == 0 {
		return p.FailAt([]string{ID, "cap"}, fmt.Sprintf("cap 0 (no cap) needs a row for every faan, but %s stops at %d faan: %s", table, reach.To, hint))
	}
	if b.Cap > reach.To {
		return p.FailAt([]string{ID, "cap"}, fmt.Sprintf("cap %d needs a row for %d faan (a limit hand is paid at the cap), but %s stops at %d faan: %s", b.Cap, b.Cap, table, reach.To, hint))
	}
	return nil
}
