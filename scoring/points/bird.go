package points

import (
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Landing is where a discarded 1-bamboo (the bird) goes: onto one player's unboosted flower, which it
// boosts, or to the centre as an ordinary discard that may be claimed.
type Landing struct {
	// Centre is true when no flower could take the bird: it is discarded to the centre and may be claimed.
	Centre bool `json:"centre"`
	// Seat is the player whose flower the bird lands on (NoSeat when Centre).
	Seat notation.Seat `json:"seat"`
	// Index is the position of that flower in the player's flowers (-1 when Centre).
	Index int `json:"index"`
	// Flower is the flower it lands on, boosted from now on (NoTile when Centre).
	Flower notation.Tile `json:"flower,omitempty"`
	// Searched lists the seats looked at, in order.
	Searched []notation.Seat `json:"searched"`
}

// String returns "lands on S's 2f (boosted)" or "no unboosted flower: to the centre, may be claimed".
func (l Landing) String() string {
	if l.Centre {
		return "no unboosted flower: to the centre, may be claimed"
	}
	return fmt.Sprintf("lands on %s's %s, now %s*", l.Seat, l.Flower, l.Flower)
}

// BirdOrder lists the seats a bird discarded by discarder visits, in order. The sheet's bird "flies
// clockwise from next player": clockwise is the DeBurger direction of play, so in seat terms it is
// turn order, notation.Seat.Next: the next player first (East's bird tries South, West, North). The
// discarder comes last when r.Bird.ReturnsToDiscarder (nil r: the sheet's defaults).
func BirdOrder(discarder notation.Seat, r *Rules) []notation.Seat {
	if r == nil {
		r = Default()
	}
	order := make([]notation.Seat, 0, 4)
	s := discarder
	for range 3 {
		s = s.Next()
		order = append(order, s)
	}
	if r.Bird.ReturnsToDiscarder {
		order = append(order, discarder)
	}
	return order
}

// BirdLanding says where a 1-bamboo discarded by discarder lands, given each seat's flowers (indexed
// by seat, with their boosts): on the first unboosted flower of the first seat in BirdOrder that has
// one (a seat's flowers are tried in the order given), or in the centre. A flower takes at most one
// bird. The caller marks the flower boosted.
func BirdLanding(flowers [4][]notation.BonusTile, discarder notation.Seat, r *Rules) (Landing, error) {
	if discarder > notation.SeatNorth {
		return Landing{}, fmt.Errorf("%w: the bird needs the seat that discards it", scoring.ErrImpossible)
	}
	if r == nil {
		return Landing{}, fmt.Errorf("%w: no deburger rules", scoring.ErrImpossible)
	}
	for s, fs := range flowers {
		for _, f := range fs {
			if !f.Tile.IsBonus() {
				return Landing{}, fmt.Errorf("%w: %s among %s's flowers is not a flower", scoring.ErrImpossible, f.Tile, notation.Seat(s))
			}
		}
	}
	l := Landing{Seat: notation.NoSeat, Index: -1}
	for _, s := range BirdOrder(discarder, r) {
		l.Searched = append(l.Searched, s)
		for i, f := range flowers[s] {
			if !f.Boosted {
				l.Seat, l.Index = s, i
				l.Flower = f.Tile
				return l, nil
			}
		}
	}
	l.Centre = true
	return l, nil
}
