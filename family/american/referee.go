package american

import (
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee"
)

// LogOptions reads 0 as the white dragon and flowers as tiles of the hand.
func (r *rules) LogOptions() referee.ReadOptions { return referee.AmericanRead }

// RefereeDeps replays a hand with the Charleston, calls that must fit the card and dead hands,
// paid by the card line's value.
func (r *rules) RefereeDeps() referee.Deps {
	return referee.American(r.card, Rules(r.rs), r.rs.Settlement, r.rs.Referee)
}

// RefereeStyle: items by value, the win without seat winds, then payments.
func (r *rules) RefereeStyle() family.RefereeStyle {
	return family.RefereeStyle{Unit: "value", Payments: true}
}
