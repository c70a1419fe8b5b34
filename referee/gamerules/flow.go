package gamerules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
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
	Ties scoring.TieRule `yaml:"ties,omitempty" json:"ties,omitempty"`
	// The riichi table (all zero under the other families). DealerRepeatsWhenReady: after an
	// exhaustive draw the dealer deals again when ready (tenpai renchan) and the deal passes
	// otherwise; DealerRepeatsOnAbortive: the dealer deals again after an abortive draw.
	DealerRepeatsWhenReady  bool `yaml:"dealer_repeats_when_ready,omitempty" json:"dealer_repeats_when_ready,omitempty"`
	DealerRepeatsOnAbortive bool `yaml:"dealer_repeats_on_abortive,omitempty" json:"dealer_repeats_on_abortive,omitempty"`
	// RiichiStick is the value of a riichi stick (1,000). Above zero, the table keeps its counters:
	// a honba is added after every hand the dealer deals again or nobody wins and cleared after any
	// other, a riichi stick paid goes on the table, and the next winner takes them all. A hand's
	// deltas then add up to the sticks it takes from the table less the sticks it puts there.
	RiichiStick settle.Amount `yaml:"riichi_stick,omitempty" json:"riichi_stick,omitempty"`
	// Tobi: the game also ends as soon as a player's stack is below zero (Tenhou's 飛び).
	Tobi bool `yaml:"tobi,omitempty" json:"tobi,omitempty"`
	// Extension: a game measured in rounds goes on into the next wind while no stack reaches the
	// return, and then ends after the first hand at whose end one does, or after that round
	// (Tenhou's 西入, sudden death).
	Extension bool `yaml:"extension,omitempty" json:"extension,omitempty"`
	// DealerStops: the game ends when the dealer of the last hand of its length wins it and is
	// then first, with at least the return when the flow has one (アガリ止め, which Tenhou applies
	// by itself).
	DealerStops bool `yaml:"dealer_stops,omitempty" json:"dealer_stops,omitempty"`
	// Return and Uma pay the game's end (riichi): each player's result is their stack less the
	// return, plus the uma of their place (first to last); the first also takes the oka, what the
	// others' stakes fell short of the return. Results are rounded to whole thousands as Tenhou
	// rounds them (see Results). No uma: the game's end is the stacks.
	Return settle.Amount   `yaml:"return,omitempty" json:"return,omitempty"`
	Uma    []settle.Amount `yaml:"uma,omitempty" json:"uma,omitempty"`
	// Players is the number of players at the table: 0 (four) or 3, three-player riichi (sanma),
	// seated East, South and West, the deal going round three seats.
	Players int `yaml:"players,omitempty" json:"players,omitempty"`
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
	return Flow{Length: Length{Kind: Target}, Target: settle.Points(10000), Ties: scoring.TiesPlayOn}
}

// RiichiFlow returns the flow of a Tenhou east-south game (hanchan): the dealer deals again after
// winning, after an exhaustive draw when ready, and after an abortive draw; honba and riichi sticks
// (1,000) are kept; 25,000 each to start; the game ends after the south round, when a stack is
// below zero, or when the last dealer wins and is first with 30,000 or more, and goes on into the
// west round while nobody has 30,000; uma 20-10 with a 30,000 return (oka 20,000 to the first).
func RiichiFlow() Flow {
	return Flow{DealerRepeatsOnWin: true, DealerRepeatsWhenReady: true, DealerRepeatsOnAbortive: true, PrevailingWind: true,
		ZeroSum: true, Length: Length{Kind: Rounds, N: 2}, Stake: settle.Points(25000), RiichiStick: settle.Points(1000),
		Tobi: true, Extension: true, DealerStops: true, Return: settle.Points(30000),
		Uma: []settle.Amount{settle.Points(20000), settle.Points(10000), settle.Points(-10000), settle.Points(-20000)}}
}

// SanmaFlow returns the flow of a Tenhou three-player east-south game (三麻): RiichiFlow's, with
// three players (East, South and West), 35,000 each to start, a 40,000 return (oka 15,000 to the
// first) and uma 20-0-20 (Tenhou's three-player lobbies; referee/riichilog's tenhou-sanma preset,
// checked against sanma2.xml's owari).
func SanmaFlow() Flow {
	f := RiichiFlow()
	f.Players = 3
	f.Stake, f.Return = settle.Points(35000), settle.Points(40000)
	f.Uma = []settle.Amount{settle.Points(20000), 0, settle.Points(-20000)}
	return f
}

// Seated is the number of players at the table: 4, or 3 (Players).
func (f *Flow) Seated() int {
	if f.Players == 3 {
		return 3
	}
	return 4
}

// Validate checks the flow. Errors are *scoring.RuleError with the YAML path below the flow section.
func (f *Flow) Validate() error {
	return f.CheckLength(f.Length)
}

// MaxFlowAmount bounds the stake, the target, the return, the riichi stick and each uma (a
// ledger's bound on one hand's delta too): a stack, the stake plus a running total, must never
// wrap round.
const MaxFlowAmount = settle.Amount(1_000_000_000) * settle.Unit

// CheckLength validates the flow together with a chosen length l (a table may choose another
// than the flow's own).
func (f *Flow) CheckLength(l Length) error {
	big := func(a settle.Amount) bool { return a > MaxFlowAmount || a < -MaxFlowAmount }
	switch {
	case big(f.Stake):
		return &scoring.RuleError{Path: []string{"stake"}, Msg: fmt.Sprintf("the starting stake cannot be more than %s", MaxFlowAmount)}
	case big(f.Target):
		return &scoring.RuleError{Path: []string{"target"}, Msg: fmt.Sprintf("the target cannot be more than %s", MaxFlowAmount)}
	case big(f.Return):
		return &scoring.RuleError{Path: []string{"return"}, Msg: fmt.Sprintf("the return cannot be more than %s", MaxFlowAmount)}
	case big(f.RiichiStick):
		return &scoring.RuleError{Path: []string{"riichi_stick"}, Msg: fmt.Sprintf("a riichi stick cannot be worth more than %s", MaxFlowAmount)}
	case slices.ContainsFunc(f.Uma, big):
		return &scoring.RuleError{Path: []string{"uma"}, Msg: fmt.Sprintf("an uma cannot be more than %s either way", MaxFlowAmount)}
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
	case f.Ties > scoring.TiesMahjong:
		return &scoring.RuleError{Path: []string{"ties"}, Msg: "unknown tie rule: expected play-on, shared or mahjong"}
	case f.RiichiStick < 0:
		return &scoring.RuleError{Path: []string{"riichi_stick"}, Msg: "a riichi stick cannot be worth less than zero"}
	case f.Players != 0 && f.Players != 3:
		return &scoring.RuleError{Path: []string{"players"}, Msg: fmt.Sprintf("players: %d: a table seats four players (leave it out) or 3", f.Players)}
	case len(f.Uma) != 0 && len(f.Uma) != f.Seated():
		return &scoring.RuleError{Path: []string{"uma"}, Msg: fmt.Sprintf("uma needs one amount for each of the %d places, first to last; got %d", f.Seated(), len(f.Uma))}
	case len(f.Uma) != 0 && sumAmounts(f.Uma) != 0:
		return &scoring.RuleError{Path: []string{"uma"}, Msg: fmt.Sprintf("the uma of the %d places must add up to zero (the oka pays the first); they add up to %s", f.Seated(), sumAmounts(f.Uma))}
	case len(f.Uma) != 0 && f.Return < f.Stake:
		return &scoring.RuleError{Path: []string{"return"}, Msg: "the return cannot be below the starting stake (the oka would be negative)"}
	case f.DealerStops && l.Kind != Rounds:
		return &scoring.RuleError{Path: []string{"dealer_stops"}, Msg: "the last dealer's stop (dealer_stops) needs a game measured in rounds"}
	case f.Extension && l.Kind != Rounds:
		return &scoring.RuleError{Path: []string{"extension"}, Msg: "an extension into the next wind needs a game measured in rounds"}
	case f.Extension && f.Return <= 0:
		return &scoring.RuleError{Path: []string{"return"}, Msg: "an extension needs the return a stack must reach to end the game"}
	case l.Kind == Bust && !f.ZeroSum:
		return &scoring.RuleError{Path: []string{"length"}, Msg: "a game played until bust needs zero_sum: true"}
	}
	return nil
}

func sumAmounts(as []settle.Amount) settle.Amount {
	var t settle.Amount
	for _, a := range as {
		t += a
	}
	return t
}
