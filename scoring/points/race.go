package points

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// ErrGameOver is returned when a hand is added to a race that already has a winner.
var ErrGameOver = errors.New("the game is over")

// Race is the game: every player's running total, hand after hand, until someone reaches the target.
// When several reach it on the same hand, the highest total wins; an equal highest total is settled
// by RaceRules.Ties.
type Race struct {
	Target int
	Ties   TieRule
	// Totals are the running totals by seat.
	Totals [4]int
	// Hands is how many hands have been added.
	Hands int
	// Winners is set once the game is over: one seat, or several when a tie is shared.
	Winners []notation.Seat
}

// NewRace starts a race under r's target and tie rule (nil r: the sheet's 10,000, ties play on).
func NewRace(r *Rules) *Race {
	if r == nil {
		r = Default()
	}
	return &Race{Target: r.Race.Target, Ties: r.Race.Ties}
}

// Over reports whether the game has a winner.
func (rc *Race) Over() bool { return len(rc.Winners) > 0 }

// Standings is the table after one hand.
type Standings struct {
	Hand    int           `json:"hand"`
	Points  [4]int        `json:"points"`
	Totals  [4]int        `json:"totals"`
	Mahjong notation.Seat `json:"mahjong"`
	// Reached lists the seats at or over the target, highest total first.
	Reached []notation.Seat `json:"reached,omitempty"`
	// Winners is set when this hand ends the game.
	Winners []notation.Seat `json:"winners,omitempty"`
	Over    bool            `json:"over"`
	// Note says how a tie at the top was settled, or why play goes on.
	Note string `json:"note,omitempty"`
}

// String returns a one-line summary: "hand 3: E +2700 (9100) S -400 (3200) ... E wins".
func (s Standings) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hand %d:", s.Hand)
	for i, seat := range notation.Seats {
		fmt.Fprintf(&b, " %s %s (%d)", seat, Signed(s.Points[i]), s.Totals[i])
	}
	if s.Over {
		names := make([]string, len(s.Winners))
		for i, w := range s.Winners {
			names[i] = w.String()
		}
		b.WriteString(": " + strings.Join(names, " and ") + " win")
		if len(s.Winners) == 1 {
			b.WriteString("s")
		}
	}
	if s.Note != "" {
		b.WriteString(" (" + s.Note + ")")
	}
	return b.String()
}

// Add records one hand's points by seat; mahjong is the seat that went Mahjong (NoSeat if none). It
// returns the standings after the hand, with the winner once the game is over, and ErrGameOver if
// the game was already over.
func (rc *Race) Add(points [4]int, mahjong notation.Seat) (Standings, error) {
	if rc.Over() {
		return Standings{}, ErrGameOver
	}
	if rc.Target <= 0 {
		return Standings{}, fmt.Errorf("%w: the race needs a positive target", scoring.ErrImpossible)
	}
	rc.Hands++
	for i := range rc.Totals {
		rc.Totals[i] += points[i]
	}
	st := Standings{Hand: rc.Hands, Points: points, Totals: rc.Totals, Mahjong: mahjong}
	top := rc.Totals[0]
	for _, t := range rc.Totals {
		top = max(top, t)
	}
	if top < rc.Target {
		return st, nil
	}
	// Reached, highest first (seat order among equals).
	for i, t := range rc.Totals {
		if t >= rc.Target {
			st.Reached = append(st.Reached, notation.Seat(i))
		}
	}
	slices.SortStableFunc(st.Reached, func(a, b notation.Seat) int { return cmp.Compare(rc.Totals[b], rc.Totals[a]) })
	var tied []notation.Seat
	for i, t := range rc.Totals {
		if t == top {
			tied = append(tied, notation.Seat(i))
		}
	}
	switch {
	case len(tied) == 1:
		rc.Winners = tied
	case rc.Ties == TiesShared:
		rc.Winners = tied
		st.Note = "tie at the top shared (ties: shared)"
	case rc.Ties == TiesMahjong && mahjong <= notation.SeatNorth && rc.Totals[mahjong] == top:
		rc.Winners = []notation.Seat{mahjong}
		st.Note = "tie at the top goes to the player who went Mahjong (ties: mahjong)"
	default:
		st.Note = "tie at the top: play another hand (ties: " + rc.Ties.String() + ")"
	}
	st.Winners = rc.Winners
	st.Over = rc.Over()
	return st, nil
}

// ScoreTable scores one hand for all four players: the seat mahjong as the winner (won as win), the
// others as non-winners. hands is indexed by seat. It returns each result and the points by seat,
// ready for Race.Add.
func ScoreTable(hands [4]*notation.Hand, mahjong notation.Seat, win scoring.WinKind, r *Rules) ([4]Result, [4]int, error) {
	var res [4]Result
	var pts [4]int
	if mahjong > notation.SeatNorth {
		return res, pts, fmt.Errorf("%w: the sheet scores a hand when someone goes Mahjong: name the winner's seat", scoring.ErrImpossible)
	}
	for i, h := range hands {
		seat := notation.Seat(i)
		if h == nil {
			return res, pts, fmt.Errorf("%w: no hand for %s", scoring.ErrImpossible, seat)
		}
		var err error
		if seat == mahjong {
			res[i], err = ScoreWinner(h, win, r)
		} else {
			res[i], err = ScoreLoser(h, r)
		}
		if err != nil {
			return res, pts, fmt.Errorf("%s: %w", seat, err)
		}
		pts[i] = res[i].Total
	}
	return res, pts, nil
}
