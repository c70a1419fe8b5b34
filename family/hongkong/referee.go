package hongkong

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee"
)

// LogOptions reads a log's tiles plainly.
func (r *rules) LogOptions() referee.ReadOptions {
	return referee.ReadOptions{Notation: Family{}.Notation()}
}

// RefereeDeps replays a hand claim by claim: the scorer and settlement, and the referee:
// section's table rules (dead wall, missed-win lock); the tile count and several winners follow
// hk.flowers and settlement.multiple_winners unless the referee: section sets them.
func (r *rules) RefereeDeps() referee.Deps {
	return referee.HK(Rules(r.rs), r.rs.Settlement, r.rs.Referee)
}

// RefereeStyle: items in faan with Chinese names, the win placed by seat winds, then payments.
func (r *rules) RefereeStyle() family.RefereeStyle {
	return family.RefereeStyle{Unit: "faan", ZH: true, Winds: true, Payments: true}
}

// ClaimDeps rules on claims as a replay does: a win, then a pong or kong, then a chow.
func (r *rules) ClaimDeps() referee.Deps { return r.RefereeDeps() }
