package gamerules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/points"
)

// LengthKind says how a game's end is measured.
type LengthKind uint8

// How a game can be measured. The zero value is an open game that ends only when the table stops.
const (
	Endless LengthKind = iota // no end: the table stops when it likes
	Rounds                    // N rounds of prevailing wind (a full Hong Kong game is 4-rounds)
	Hands                     // N hands played, counting repeats and drawn hands
	Games                     // N games (American: each hand is a game)
	Bust                      // until a player's stack (the starting stake plus their total) is zero or less
	Target                    // until a player's running total reaches the target (DeBurger: 10,000)
)

// Length is how long a game lasts: "4-rounds", "8-hands", "16-hands", "12-games", "bust", "target"
// or "open".
type Length struct {
	Kind LengthKind
	N    int // rounds, hands or games; 0 for the other kinds
}

var lengthUnits = [...]string{Rounds: "rounds", Hands: "hands", Games: "games"}

// String returns the length in the form ParseLength reads.
func (l Length) String() string {
	switch l.Kind {
	case Rounds, Hands, Games:
		u := lengthUnits[l.Kind]
		if l.N == 1 {
			u = u[:len(u)-1]
		}
		return strconv.Itoa(l.N) + "-" + u
	case Bust:
		return "bust"
	case Target:
		return "target"
	}
	return "open"
}

// ParseLength reads a game length: "4-rounds", "1-round", "8-hands", "16-hands", "N-games", "bust",
// "target" or "open".
func ParseLength(s string) (Length, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "open", "":
		return Length{}, nil
	case "bust":
		return Length{Kind: Bust}, nil
	case "target":
		return Length{Kind: Target}, nil
	}
	num, unit, ok := strings.Cut(t, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || n > 10000 || num[0] == '+' {
		return Length{}, fmt.Errorf("unknown game length %q: expected 4-rounds, 8-hands, 16-hands, N-games, bust, target or open", s)
	}
	switch unit {
	case "round", "rounds":
		return Length{Kind: Rounds, N: n}, nil
	case "hand", "hands":
		return Length{Kind: Hands, N: n}, nil
	case "game", "games":
		return Length{Kind: Games, N: n}, nil
	}
	return Length{}, fmt.Errorf("unknown game length %q: the unit must be rounds, hands or games", s)
}

// MarshalText implements encoding.TextMarshaler.
func (l Length) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (l *Length) UnmarshalText(b []byte) error {
	v, err := ParseLength(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Flow is the flow of a game as ruleset data: who deals the next hand, when the prevailing wind
// moves on, whether the deltas of a hand must cancel out, and how long a game lasts.
type Flow struct {
	// DealerRepeatsOnWin: the dealer deals again after winning (Hong Kong 連莊).
	DealerRepeatsOnWin bool `yaml:"dealer_repeats_on_win" json:"dealer_repeats_on_win"`
	// DealerRepeatsOnDraw: the dealer deals again after a drawn hand (Hong Kong 冧莊; some houses pass).
	DealerRepeatsOnDraw bool `yaml:"dealer_repeats_on_draw" json:"dealer_repeats_on_draw"`
	// PrevailingWind: the prevailing wind moves on (East, South, West, North) each time the deal
	// has gone all the way round the table. Without it the prevailing wind stays East.
	PrevailingWind bool `yaml:"prevailing_wind" json:"prevailing_wind"`
	// ZeroSum: every hand's deltas add up to zero (what one player wins the others pay).
	ZeroSum bool `yaml:"zero_sum" json:"zero_sum"`
	// Length is the default game length; a table may choose another when it starts.
	Length Length `yaml:"length" json:"length"`
	// Stake is each player's starting stack, for the bust length (and shown as a stack otherwise).
	Stake settle.Amount `yaml:"stake,omitempty" json:"stake,omitempty"`
	// Target is the running total that wins a target-length game (DeBurger: 10,000).
	Target settle.Amount `yaml:"target,omitempty" json:"target,omitempty"`
	// Ties says who wins a target game when two or more players share the highest total at or over
	// the target: play-on (the default), shared, or mahjong (the tied player who won the hand).
	Ties points.TieRule `yaml:"ties,omitempty" json:"ties,omitempty"`
	// Source is where the flow is defined; the ruleset loader fills it.
	Source scoring.Source `yaml:"-" json:"-"`
}

// HongKongFlow returns the Hong Kong flow of the seed rules: the dealer repeats after a win or a drawn
// hand, the prevailing wind moves on every time the deal goes round, four rounds make a game.
func HongKongFlow() Flow {
	return Flow{DealerRepeatsOnWin: true, DealerRepeatsOnDraw: true, PrevailingWind: true, ZeroSum: true,
		Length: Length{Kind: Rounds, N: 4}}
}

// AmericanFlow returns the American flow: the deal passes after every game, win or wall game.
func AmericanFlow() Flow {
	return Flow{ZeroSum: true, Length: Length{Kind: Games, N: 8}}
}

// DeBurgerFlow returns the DeBurger House Rules flow: every player scores their own hand, so totals do
// not cancel out, and the first to 10,000 wins. The seed does not say who deals next; the deal
// passes round the table after every hand.
func DeBurgerFlow() Flow {
	return Flow{Length: Length{Kind: Target}, Target: settle.Points(10000), Ties: points.TiesPlayOn}
}

// Validate checks the flow. Errors are *scoring.RuleError with the YAML path below the flow section.
func (f *Flow) Validate() error {
	return f.CheckLength(f.Length)
}

// CheckLength validates the flow together with a chosen length l (a table may choose another
// than the flow's own).
func (f *Flow) CheckLength(l Length) error {
	switch {
	case f.Stake < 0:
		return &scoring.RuleError{Path: []string{"stake"}, Msg: "the starting stake cannot be negative"}
	case f.Target < 0:
		return &scoring.RuleError{Path: []string{"target"}, Msg: "the target cannot be negative"}
	case l.Kind == Bust && f.Stake <= 0:
		return &scoring.RuleError{Path: []string{"stake"}, Msg: "a game played until bust needs a starting stake above zero"}
	case l.Kind == Target && f.Target <= 0:
		return &scoring.RuleError{Path: []string{"target"}, Msg: "a game played to a target needs a target above zero"}
	case l.Kind == Rounds && !f.PrevailingWind:
		return &scoring.RuleError{Path: []string{"length"}, Msg: "a game measured in rounds needs prevailing_wind: true"}
	case f.Ties > points.TiesMahjong:
		return &scoring.RuleError{Path: []string{"ties"}, Msg: "unknown tie rule: expected play-on, shared or mahjong"}
	case l.Kind == Bust && !f.ZeroSum:
		return &scoring.RuleError{Path: []string{"length"}, Msg: "a game played until bust needs zero_sum: true"}
	}
	return nil
}
