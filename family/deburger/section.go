package deburger

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring/points"
)

//go:generate go run -tags mjref_nosnapshot ../../internal/snapshot

// ID is the family: key of DeBurger rulesets, and the key of their section.
const ID = "deburger"

//go:embed builtin/*.yaml
var builtin embed.FS

// Section is the deburger: section (a *points.Rules) and the built-in ruleset deburger-2026,
// snapshotted (snapshot_gen.go).
func (Family) Section() rulesets.Section {
	sub, err := fs.Sub(builtin, "builtin")
	if err != nil {
		panic(err) // the embedded directory is part of the build
	}
	return rulesets.Section{Family: ID, New: func() any { return new(points.Rules) }, Builtins: sub,
		Finish: deburgerRace, Snapshots: snapshots}
}

// Rules is the deburger: section of rs; nil when rs has none.
func Rules(rs *rulesets.Ruleset) *points.Rules { return rulesets.SectionOf[*points.Rules](rs, ID) }

// deburgerRace has the ledger's flow follow the race, which says where a DeBurger game ends,
// unless it says otherwise; the two may not disagree.
func deburgerRace(p *rulesets.Prep) error {
	rs := p.Ruleset
	if rs.Flow == nil {
		return nil
	}
	race := Rules(rs).Race
	if rs.Flow.Target == 0 {
		rs.Flow.Target = settle.Points(int64(race.Target))
	} else if rs.Flow.Target != settle.Points(int64(race.Target)) {
		return p.Fail([]string{"flow", "target"}, fmt.Sprintf("flow.target %s differs from deburger.race.target %d: leave it out to follow the race", rs.Flow.Target, race.Target))
	}
	if rs.Flow.Ties == 0 {
		rs.Flow.Ties = race.Ties
	} else if rs.Flow.Ties != race.Ties {
		return p.Fail([]string{"flow", "ties"}, fmt.Sprintf("flow.ties %s differs from deburger.race.ties %s: leave it out to follow the race", rs.Flow.Ties, race.Ties))
	}
	return nil
}
