package deburger

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee"
)

// LogOptions reads a log's tiles plainly.
func (r *rules) LogOptions() referee.ReadOptions {
	return referee.ReadOptions{Notation: Family{}.Notation()}
}

// RefereeDeps replays a hand with the bird, and at the end scores every player's hand.
func (r *rules) RefereeDeps() referee.Deps { return referee.DeBurger(Rules(r.rs), r.rs.Referee) }

// RefereeStyle: items in points; every player's points, no payments.
func (r *rules) RefereeStyle() family.RefereeStyle { return family.RefereeStyle{Unit: "points"} }

// ClaimDeps rules on claims with the Hong Kong priorities the sheet shares.
func (r *rules) ClaimDeps() referee.Deps { return r.RefereeDeps() }
