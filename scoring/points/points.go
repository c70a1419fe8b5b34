// Package points scores DeBurger House Rules 2026 hands: every player scores after every hand, the
// winner for its sets and pair (or Seven Sisters), the others for what they hold minus their unused
// tiles, with flowers and the 1-bamboo bird on top. It also keeps the race to the target and says
// where a discarded bird lands.
//
// The sheet's numbers and the readings of what it leaves open are in Rules, which the deburger:
// section of a ruleset decodes into; Default returns the sheet's own values.
package points

import (
	"fmt"

	"github.com/mjref/mjref/scoring"
)

// Rules is the deburger: section of a ruleset: every number on the DeBurger sheet and an option
// for each reading the sheet leaves open.
type Rules struct {
	// Sets are the values of sets: a regular set is a chow or a pong of suit tiles, an honour set
	// a pong of winds or dragons.
	Sets SetValues `yaml:"sets"`
	// Pairs are the values of the pair of a standard hand and of a non-winner's pairs.
	Pairs PairValues `yaml:"pairs"`
	// SevenSisters is the seven-pairs hand, each pair scored as a set.
	SevenSisters SevenSisters `yaml:"seven_sisters"`
	// Unused are the penalties for a non-winner's tiles in no set and not the pair scored.
	Unused UnusedValues `yaml:"unused"`
	// Flowers say what a regular and a boosted flower may do.
	Flowers FlowerValues `yaml:"flowers"`
	// NonwinnerSets says how a non-winner holding a set is read.
	NonwinnerSets NonwinnerSets `yaml:"nonwinner_sets"`
	// Kongs says what four identical tiles laid as a kong are.
	Kongs KongRule `yaml:"kongs"`
	// Bird is the 1-bamboo bird's flight.
	Bird BirdRules `yaml:"bird"`
	// Race is the game: the target and what happens on a tie.
	Race RaceRules `yaml:"race"`
	// Source is where the section is defined (filled by the loader).
	Source scoring.Source `yaml:"-"`
}

// SetValue is what a set is worth concealed (hidden) and laid on the table or completed by a
// claimed discard (exposed).
type SetValue struct {
	Hidden  int            `yaml:"hidden"`
	Exposed int            `yaml:"exposed"`
	Source  scoring.Source `yaml:"-"`
}

// Value is a single number of the sheet with the line it is defined on.
type Value struct {
	Value  int            `yaml:"value"`
	Source scoring.Source `yaml:"-"`
}

// SetValues are the sheet's set values.
type SetValues struct {
	// Regular is a chow, or a pong of suit tiles (600 hidden, 300 exposed).
	Regular SetValue `yaml:"regular"`
	// Honour is a pong of winds or dragons (800 hidden, 400 exposed).
	Honour SetValue `yaml:"honour"`
}

// PairValues are the sheet's pair values. A pair has one value, hidden or not.
type PairValues struct {
	// Regular is a pair of 2-8 suit tiles (100).
	Regular Value `yaml:"regular"`
	// Honour is a pair of winds, dragons or terminals (1 or 9), 200.
	Honour Value `yaml:"honour"`
}

// SevenSisters is the seven-pairs winning hand. Each pair scores as a set; only the final pair can be
// claimed, and that one scores the exposed value.
type SevenSisters struct {
	// Regular is a pair of suit tiles, terminals included (600 hidden, 300 exposed).
	Regular SetValue `yaml:"regular"`
	// Honour is a pair of winds or dragons (800 hidden, 400 exposed).
	Honour SetValue `yaml:"honour"`
	// FourAsTwoPairs lets four identical concealed tiles stand as two of the seven pairs. The sheet
	// is silent; the default false reads its "7 Pairs (no sets)": four identical tiles hold a pong.
	FourAsTwoPairs bool           `yaml:"four_as_two_pairs"`
	Source         scoring.Source `yaml:"-"`
}

// UnusedValues are the penalties for unused tiles, zero or negative.
type UnusedValues struct {
	// Regular is an unused suit tile (-200).
	Regular Value `yaml:"regular"`
	// Honour is an unused wind or dragon (-300).
	Honour Value `yaml:"honour"`
}

// FlowerValues are what the two kinds of flower may do.
type FlowerValues struct {
	// Regular is an unboosted flower: cancel one unused regular tile, or +50.
	Regular FlowerValue `yaml:"regular"`
	// Boosted is a flower the bird sits on: cancel one unused honour tile, or cancel one unused
	// regular tile and +50, or +100 when no unused tile is left.
	Boosted FlowerValue `yaml:"boosted"`
}

// FlowerValue is what one flower may do. It does exactly one thing: cancel an unused tile (its
// penalty is wiped out and the matching bonus added), or give its bonus.
type FlowerValue struct {
	// CancelRegular lets the flower cancel one unused regular (suit) tile.
	CancelRegular bool `yaml:"cancel_regular"`
	// CancelRegularBonus is added when it cancels a regular tile.
	CancelRegularBonus int `yaml:"cancel_regular_bonus"`
	// CancelHonour lets the flower cancel one unused honour tile.
	CancelHonour bool `yaml:"cancel_honour"`
	// CancelHonourBonus is added when it cancels an honour tile.
	CancelHonourBonus int `yaml:"cancel_honour_bonus"`
	// Bonus is what the flower gives when it cancels nothing.
	Bonus int `yaml:"bonus"`
	// BonusOnlyWhenClear gives the bonus only when no unused tile is left uncancelled.
	BonusOnlyWhenClear bool           `yaml:"bonus_only_when_clear"`
	Source             scoring.Source `yaml:"-"`
}

// BirdRules is the flight of a discarded 1-bamboo.
type BirdRules struct {
	// ReturnsToDiscarder lets the bird, having passed the other three players, land on the
	// discarder's own unboosted flower. The sheet is silent; the default true reads "MUST land on
	// unboosted flower if available" as any flower at the table.
	ReturnsToDiscarder bool           `yaml:"returns_to_discarder"`
	Source             scoring.Source `yaml:"-"`
}

// RaceRules is the game: first to the target wins.
type RaceRules struct {
	// Target is the running total that ends the game (10,000).
	Target int `yaml:"target"`
	// Ties says who wins when two or more players reach the target on the same hand.
	Ties   TieRule        `yaml:"ties"`
	Source scoring.Source `yaml:"-"`
}

// NonwinnerSets says how a non-winner's hand that holds a set is read.
type NonwinnerSets uint8

// How a non-winner holding a set is read.
const (
	// NonwinnerForced is the sheet's rule: a hand that holds any set (exposed, or any way to read a
	// concealed one) is scored with sets, every set plus its single best pair.
	NonwinnerForced NonwinnerSets = iota + 1
	// NonwinnerBest scores whichever of "with sets" and "all pairs" is worth more; a hand with an
	// exposed set is always scored with sets.
	NonwinnerBest
)

// KongRule says what a kong is in DeBurger play.
type KongRule uint8

// Kong readings. The sheet has no kongs.
const (
	// KongsAsSets scores a kong as the set it contains: exposed 300/400, concealed 600/800.
	KongsAsSets KongRule = iota + 1
	// KongsForbidden rejects a hand holding a kong (the sheet names only pongs and chows).
	KongsForbidden
)

// TieRule says who wins the race when two or more players reach the target on the same hand with
// the same, highest total (scoring.TieRule: a ledger's flow says it too).
type TieRule = scoring.TieRule

// Tie rules.
const (
	TiesPlayOn  = scoring.TiesPlayOn
	TiesShared  = scoring.TiesShared
	TiesMahjong = scoring.TiesMahjong
)

var (
	nonwinnerNames = [...]string{"", "forced", "best"}
	kongNames      = [...]string{"", "sets", "forbidden"}
)

func enumString(names []string, v uint8) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return "unset"
}

func enumParse(what string, names []string, b []byte) (uint8, error) {
	for i, n := range names {
		if n != "" && n == string(b) {
			return uint8(i), nil
		}
	}
	return 0, fmt.Errorf("unknown %s %q: expected %s", what, b, joinNames(names))
}

func joinNames(names []string) string {
	s := ""
	for _, n := range names {
		if n == "" {
			continue
		}
		if s != "" {
			s += " or "
		}
		s += n
	}
	return s
}

// String returns "forced" or "best".
func (n NonwinnerSets) String() string { return enumString(nonwinnerNames[:], uint8(n)) }

// MarshalText implements encoding.TextMarshaler.
func (n NonwinnerSets) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "forced" or "best".
func (n *NonwinnerSets) UnmarshalText(b []byte) error {
	v, err := enumParse("nonwinner_sets", nonwinnerNames[:], b)
	*n = NonwinnerSets(v)
	return err
}

// String returns "sets" or "forbidden".
func (k KongRule) String() string { return enumString(kongNames[:], uint8(k)) }

// MarshalText implements encoding.TextMarshaler.
func (k KongRule) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: "sets" or "forbidden".
func (k *KongRule) UnmarshalText(b []byte) error {
	v, err := enumParse("kongs", kongNames[:], b)
	*k = KongRule(v)
	return err
}

// Default returns the sheet's own rules, with the documented defaults for what it leaves open. It is
// what family/deburger/builtin/deburger-2026.yaml holds (without the Source lines).
func Default() *Rules {
	return &Rules{
		Sets: SetValues{
			Regular: SetValue{Hidden: 600, Exposed: 300},
			Honour:  SetValue{Hidden: 800, Exposed: 400},
		},
		Pairs: PairValues{Regular: Value{Value: 100}, Honour: Value{Value: 200}},
		SevenSisters: SevenSisters{
			Regular: SetValue{Hidden: 600, Exposed: 300},
			Honour:  SetValue{Hidden: 800, Exposed: 400},
		},
		Unused: UnusedValues{Regular: Value{Value: -200}, Honour: Value{Value: -300}},
		Flowers: FlowerValues{
			Regular: FlowerValue{CancelRegular: true, Bonus: 50},
			Boosted: FlowerValue{CancelHonour: true, CancelRegular: true, CancelRegularBonus: 50, Bonus: 100, BonusOnlyWhenClear: true},
		},
		NonwinnerSets: NonwinnerForced,
		Kongs:         KongsAsSets,
		Bird:          BirdRules{ReturnsToDiscarder: true},
		Race:          RaceRules{Target: 10000, Ties: TiesPlayOn},
	}
}

func ruleErr(msg string, path ...string) error {
	return &scoring.RuleError{Path: path, Msg: msg}
}

// Validate checks the values: set, pair and flower values are not negative, penalties are not
// positive, the target is positive and every option is set. It returns a *scoring.RuleError whose
// Path is the YAML key path below deburger:.
func (r *Rules) Validate() error {
	for _, sv := range []struct {
		path []string
		v    SetValue
	}{
		{[]string{"sets", "regular"}, r.Sets.Regular},
		{[]string{"sets", "honour"}, r.Sets.Honour},
		{[]string{"seven_sisters", "regular"}, r.SevenSisters.Regular},
		{[]string{"seven_sisters", "honour"}, r.SevenSisters.Honour},
	} {
		if sv.v.Hidden < 0 {
			return ruleErr(fmt.Sprintf("a set value cannot be negative, got %d", sv.v.Hidden), append(sv.path, "hidden")...)
		}
		if sv.v.Exposed < 0 {
			return ruleErr(fmt.Sprintf("a set value cannot be negative, got %d", sv.v.Exposed), append(sv.path, "exposed")...)
		}
	}
	if v := r.Pairs.Regular.Value; v < 0 {
		return ruleErr(fmt.Sprintf("a pair value cannot be negative, got %d", v), "pairs", "regular", "value")
	}
	if v := r.Pairs.Honour.Value; v < 0 {
		return ruleErr(fmt.Sprintf("a pair value cannot be negative, got %d", v), "pairs", "honour", "value")
	}
	if v := r.Unused.Regular.Value; v > 0 {
		return ruleErr(fmt.Sprintf("a penalty is zero or negative (e.g. -200), got %d", v), "unused", "regular", "value")
	}
	if v := r.Unused.Honour.Value; v > 0 {
		return ruleErr(fmt.Sprintf("a penalty is zero or negative (e.g. -300), got %d", v), "unused", "honour", "value")
	}
	for _, f := range []struct {
		name string
		v    FlowerValue
	}{{"regular", r.Flowers.Regular}, {"boosted", r.Flowers.Boosted}} {
		for _, b := range []struct {
			key string
			v   int
		}{{"cancel_regular_bonus", f.v.CancelRegularBonus}, {"cancel_honour_bonus", f.v.CancelHonourBonus}, {"bonus", f.v.Bonus}} {
			if b.v < 0 {
				return ruleErr(fmt.Sprintf("a flower bonus cannot be negative, got %d", b.v), "flowers", f.name, b.key)
			}
		}
	}
	if r.NonwinnerSets != NonwinnerForced && r.NonwinnerSets != NonwinnerBest {
		return ruleErr("missing: expected forced or best", "nonwinner_sets")
	}
	if r.Kongs != KongsAsSets && r.Kongs != KongsForbidden {
		return ruleErr("missing: expected sets or forbidden", "kongs")
	}
	if r.Race.Target <= 0 {
		return ruleErr(fmt.Sprintf("the target must be positive, got %d", r.Race.Target), "race", "target")
	}
	if r.Race.Ties < TiesPlayOn || r.Race.Ties > TiesMahjong {
		return ruleErr("missing: expected play-on, shared or mahjong", "race", "ties")
	}
	return nil
}
