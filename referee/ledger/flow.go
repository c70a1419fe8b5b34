package ledger

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
)

// position is where a game stands between two hands.
type position struct {
	Hand       int           // the number of the next hand, from 1
	Dealer     int           // the player (index into the players) who deals it
	Prevailing notation.Seat // the prevailing wind
	Round      int           // the round, from 1 (the number of times the prevailing wind has moved on, plus 1)
	Passes     int           // how many times the deal has passed to the next seat
	Repeat     int           // how many hands in a row the dealer has dealt again (連莊 count)
	// The table's counters (a flow with a riichi stick): the honba and the riichi sticks on the table.
	Honba  int `json:",omitempty"`
	Sticks int `json:",omitempty"`
}

// startPosition returns the position before the first hand: the first player listed is East.
func startPosition() position {
	return position{Hand: 1, Prevailing: notation.SeatEast, Round: 1}
}

// seat returns the seat wind of player i (0..3) at this position, at a table of n places (4, or
// 3: East, South and West; the fourth place is empty, NoSeat).
func (p position) seat(i, n int) notation.Seat {
	if i >= n {
		return notation.NoSeat
	}
	return notation.Seat((i - p.Dealer + 2*n) % n)
}

// seated is the number of players at a table whose places hold players: 4, or 3 when the fourth
// place is empty (a three-player game).
func seated(players [4]string) int {
	if players[3] == "" {
		return 3
	}
	return 4
}

// names are the players at the table, the empty fourth place of a three-player game left out.
func names(players [4]string) []string { return players[:seated(players)] }

// Places are the players at the four places of a table, East first for the first hand. In JSON a
// list of the players seated: a three-player game's empty fourth place is left out (and reads
// back empty).
type Places [4]string

// MarshalJSON writes the players seated.
func (p Places) MarshalJSON() ([]byte, error) { return json.Marshal(names(p)) }

// PlaceSeats are the seat winds of the four places. In JSON a list of the seats of the places
// seated: a three-player game's empty fourth place (NoSeat) is left out (and reads back NoSeat).
type PlaceSeats [4]notation.Seat

// MarshalJSON writes the seats of the places seated.
func (p PlaceSeats) MarshalJSON() ([]byte, error) {
	s := p[:]
	if p[3] == notation.NoSeat {
		s = p[:3]
	}
	return json.Marshal(s)
}

// UnmarshalJSON reads three seats or four; a missing fourth is NoSeat.
func (p *PlaceSeats) UnmarshalJSON(b []byte) error {
	var s []notation.Seat
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if len(s) != 3 && len(s) != 4 {
		return fmt.Errorf("seats: %d, want 3 or 4", len(s))
	}
	*p = PlaceSeats{notation.NoSeat, notation.NoSeat, notation.NoSeat, notation.NoSeat}
	copy(p[:], s)
	return nil
}

// outcome is what of a hand decides the next position.
type outcome struct {
	dealerWon   bool // the dealer won (or was one of the winners)
	drawn       bool // nobody won (a drawn hand or a false win)
	dealerReady bool // an exhaustive draw with the dealer ready
	abortive    bool // an abortive draw
	riichi      int  // riichi sticks the hand put on the table
}

// outcomeOf is the outcome of hand h played by players at position p.
func outcomeOf(h *Hand, players *Places, p position) outcome {
	dealer := players[p.Dealer]
	return outcome{dealerWon: slices.Contains(h.Winners(), dealer), drawn: h.Winner == "",
		dealerReady: h.Drawn && h.Abortive == "" && slices.Contains(h.Tenpai, dealer),
		abortive:    h.Drawn && h.Abortive != "", riichi: len(h.Riichi)}
}

// nextPosition returns the position after a hand with outcome o under the flow f.
func nextPosition(f *gamerules.Flow, p position, o outcome) position {
	p.Hand++
	repeat := o.dealerWon && f.DealerRepeatsOnWin
	switch {
	case o.abortive:
		repeat = f.DealerRepeatsOnAbortive || f.DealerRepeatsOnDraw
	case o.drawn:
		repeat = f.DealerRepeatsOnDraw || (o.dealerReady && f.DealerRepeatsWhenReady)
	}
	if f.RiichiStick > 0 {
		if repeat || o.drawn {
			p.Honba++
		} else {
			p.Honba = 0
		}
		if o.drawn {
			p.Sticks += o.riichi
		} else {
			p.Sticks = 0
		}
	}
	if repeat {
		p.Repeat++
		return p
	}
	p.Repeat = 0
	n := f.Seated()
	p.Passes++
	p.Dealer = (p.Dealer + 1) % n
	if f.PrevailingWind {
		p.Round = p.Passes/n + 1
		p.Prevailing = notation.Seat(p.Passes / n % 4)
	}
	return p
}

// tableSum is what a hand's deltas add up to under the flow f, played at position p with outcome
// o: zero, or with the table's counters the sticks the hand takes from the table (a win takes them
// all) less the sticks it puts there.
func tableSum(f *gamerules.Flow, p position, o outcome) Amount {
	if f.RiichiStick <= 0 {
		return 0
	}
	if o.drawn {
		return -Amount(o.riichi) * f.RiichiStick
	}
	return Amount(p.Sticks) * f.RiichiStick
}
