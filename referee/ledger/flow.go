package ledger

import (
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
}

// startPosition returns the position before the first hand: the first player listed is East.
func startPosition() position {
	return position{Hand: 1, Prevailing: notation.SeatEast, Round: 1}
}

// seat returns the seat wind of player i (0..3) at this position.
func (p position) seat(i int) notation.Seat { return notation.Seat((i - p.Dealer + 8) % 4) }

// nextPosition returns the position after a hand under the flow f: dealerWon when the dealer won
// it, drawn when nobody did.
func nextPosition(f *gamerules.Flow, p position, dealerWon, drawn bool) position {
	p.Hand++
	if (dealerWon && f.DealerRepeatsOnWin) || (drawn && f.DealerRepeatsOnDraw) {
		p.Repeat++
		return p
	}
	p.Repeat = 0
	p.Passes++
	p.Dealer = (p.Dealer + 1) % 4
	if f.PrevailingWind {
		p.Round = p.Passes/4 + 1
		p.Prevailing = notation.Seat(p.Passes / 4 % 4)
	}
	return p
}
