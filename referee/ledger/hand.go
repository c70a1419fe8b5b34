package ledger

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/scoring"
)

// Hand is the outcome of one hand as the table reports it. Players are named. Exactly one of Drawn,
// Winner and FalseWin is set. Deltas, when given, are each player's change in the order of the
// players and no settlement is run (DeBurger, where every player scores their own tiles, or a
// settlement made elsewhere); otherwise the Ledger's Settler computes them.
type Hand struct {
	Drawn       bool            `json:"drawn,omitempty"`       // 流局: nobody won
	Winner      string          `json:"winner,omitempty"`      // who won
	Win         scoring.WinKind `json:"win,omitempty"`         // how the winning tile came; with no discarder a discard win is read as a self-draw
	Discarder   string          `json:"discarder,omitempty"`   // who discarded the winning tile (or made the robbed kong)
	Faan        int             `json:"faan,omitempty"`        // Hong Kong: the winner's faan
	Value       int             `json:"value,omitempty"`       // American: the hand's value on the card
	Limit       bool            `json:"limit,omitempty"`       // a limit hand
	Jokerless   bool            `json:"jokerless,omitempty"`   // American: no jokers
	Responsible string          `json:"responsible,omitempty"` // 包: who pays for the others
	Misnamed    bool            `json:"misnamed,omitempty"`    // American: the discarder misnamed the winning discard
	FalseWin    string          `json:"false_win,omitempty"`   // 詐糊: who declared a false win
	Tiles       string          `json:"tiles,omitempty"`       // the winning hand in notation, kept for the record
	Deltas      []Amount        `json:"deltas,omitempty"`      // each player's change, given directly
	Note        string          `json:"note,omitempty"`
}

// SelfDrawn reports whether the winner drew the winning tile.
func (h *Hand) SelfDrawn() bool {
	return h.Win.SelfDrawn() || (h.Winner != "" && h.Discarder == "" && h.Win == scoring.Discard)
}

// String describes the hand: "Ben wins 5 faan on Cat's discard", "drawn".
func (h *Hand) String() string {
	var b strings.Builder
	switch {
	case h.Drawn:
		b.WriteString("drawn")
	case h.FalseWin != "":
		b.WriteString(h.FalseWin + " false win")
	default:
		b.WriteString(h.Winner + " wins")
		switch {
		case h.Limit:
			b.WriteString(" a limit hand")
		case h.Faan > 0:
			fmt.Fprintf(&b, " %d faan", h.Faan)
		case h.Value > 0:
			fmt.Fprintf(&b, " %d", h.Value)
		}
		if h.Discarder != "" {
			fmt.Fprintf(&b, " on %s's discard", h.Discarder)
		} else {
			b.WriteString(" by self-draw")
		}
		if h.Win != scoring.Discard && h.Win != scoring.SelfDraw {
			b.WriteString(" (" + h.Win.String() + ")")
		}
		if h.Responsible != "" {
			fmt.Fprintf(&b, ", %s responsible", h.Responsible)
		}
	}
	return b.String()
}

// check validates the hand against the players; it returns the winner's index or -1.
func (h *Hand) check(players *[4]string, zeroSum bool) (int, error) {
	idx := func(role, name string) (int, error) {
		for i, p := range players {
			if p == name {
				return i, nil
			}
		}
		return -1, fmt.Errorf("%s %q is not a player: the players are %s", role, name, strings.Join(players[:], ", "))
	}
	winner := -1
	outcomes := 0
	if h.Drawn {
		outcomes++
	}
	if h.Winner != "" {
		outcomes++
	}
	if h.FalseWin != "" {
		outcomes++
	}
	if outcomes != 1 {
		return -1, fmt.Errorf("a hand needs exactly one of a winner, drawn or a false win")
	}
	if h.Faan < 0 || h.Value < 0 {
		return -1, fmt.Errorf("faan and value cannot be negative")
	}
	if !h.Win.Known() {
		return -1, fmt.Errorf("unknown win kind %d", h.Win)
	}
	if h.Winner != "" {
		w, err := idx("winner", h.Winner)
		if err != nil {
			return -1, err
		}
		winner = w
		if h.Discarder != "" {
			d, err := idx("discarder", h.Discarder)
			if err != nil {
				return -1, err
			}
			if d == w {
				return -1, fmt.Errorf("%s cannot win on their own discard", h.Winner)
			}
			if h.Win.SelfDrawn() {
				return -1, fmt.Errorf("a %s win has no discarder", h.Win)
			}
		}
		if h.Responsible != "" {
			r, err := idx("responsible player", h.Responsible)
			if err != nil {
				return -1, err
			}
			if r == w {
				return -1, fmt.Errorf("the winner cannot be responsible for their own win")
			}
		}
	} else {
		if h.Discarder != "" || h.Responsible != "" || h.Faan != 0 || h.Value != 0 || h.Limit || h.Jokerless || h.Misnamed || h.Win != scoring.Discard {
			return -1, fmt.Errorf("a hand with no winner takes no discarder, responsible player, faan, value or win kind")
		}
		if h.FalseWin != "" {
			if _, err := idx("false winner", h.FalseWin); err != nil {
				return -1, err
			}
		}
	}
	if h.Deltas != nil {
		if len(h.Deltas) != 4 {
			return -1, fmt.Errorf("deltas need one amount for each of the 4 players, got %d", len(h.Deltas))
		}
		if err := checkDeltas([4]Amount(h.Deltas), zeroSum); err != nil {
			return -1, err
		}
	}
	return winner, nil
}

// checkDeltas checks the deltas of one hand: within range, and cancelling out in a zero-sum game.
func checkDeltas(d [4]Amount, zeroSum bool) error {
	var sum Amount
	for _, a := range d {
		if a > maxAmount || a < -maxAmount {
			return fmt.Errorf("delta %s is out of range", a)
		}
		sum += a
	}
	if zeroSum && sum != 0 {
		return fmt.Errorf("deltas %s %s %s %s add up to %s, not 0, in a zero-sum game", d[0], d[1], d[2], d[3], sum)
	}
	return nil
}

// maxAmount bounds one delta so that totals of a long evening cannot overflow.
const maxAmount = Amount(1_000_000_000 * amountScale)
