// Package scoring holds what every rule family shares: the situation of a win, the items a score is
// made of, and the decomposition of a hand into sets and a pair. The families live in sub-packages:
// hk (Hong Kong faan), points (DeBurger House Rules) and american (card matching).
package scoring

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjref/mjref/internal/textdist"
	"github.com/mjref/mjref/notation"
)

// WinKind says how the winning tile came.
type WinKind uint8

// How a hand can be won. The zero value is a win on another player's discard.
const (
	Discard           WinKind = iota // 食糊: on another player's discard
	SelfDraw                         // 自摸: drawn from the wall
	KongReplacement                  // 槓上開花: self-drawn on a kong's replacement tile
	KongOnKong                       // 槓上槓: self-drawn on the replacement after two kongs in a row
	FlowerReplacement                // 花上自摸: self-drawn on a flower's replacement tile
	RobbingKong                      // 搶槓: the tile another player added to a pong to make a kong
	Heavenly                         // 天糊: the dealer's first fourteen tiles
	Earthly                          // 地糊: on the dealer's very first discard
	Human                            // 人糊: a non-dealer's win on a discard before their own first draw
	SevenFlowers                     // 花糊 (七搶一): seven bonus tiles claim the eighth as another player draws it
)

var winNames = [...]string{"discard", "self-draw", "kong-replacement", "kong-on-kong", "flower-replacement", "robbing-kong", "heavenly", "earthly", "human", "seven-flowers"}

// Known reports whether w is one of the win kinds above.
func (w WinKind) Known() bool { return int(w) < len(winNames) }

// HongKongOnly reports whether w is a win only Hong Kong tables have (a human hand, seven flowers).
func (w WinKind) HongKongOnly() bool { return w == Human || w == SevenFlowers }

// String returns the name used on the command line and in JSON.
func (w WinKind) String() string {
	if int(w) < len(winNames) {
		return winNames[w]
	}
	return "unknown"
}

// SelfDrawn reports whether the winning tile was the winner's own draw.
func (w WinKind) SelfDrawn() bool {
	return w == SelfDraw || w == KongReplacement || w == KongOnKong || w == FlowerReplacement || w == Heavenly
}

// ParseWinKind reads a win kind by name.
func ParseWinKind(s string) (WinKind, error) {
	for i, n := range winNames {
		if strings.EqualFold(s, n) {
			return WinKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown win %q: expected one of %s%s", s, strings.Join(winNames[:], ", "), textdist.Suggest(s, winNames[:]))
}

// WinKinds lists every win kind name, for flag completion.
func WinKinds() []string { return winNames[:] }

// MarshalText implements encoding.TextMarshaler.
func (w WinKind) MarshalText() ([]byte, error) { return []byte(w.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (w *WinKind) UnmarshalText(b []byte) error {
	v, err := ParseWinKind(string(b))
	if err != nil {
		return err
	}
	*w = v
	return nil
}

// Situation is how a hand was won, apart from its tiles, so one hand can be rescored
// under another situation or ruleset.
type Situation struct {
	Seat       notation.Seat // the winner's seat wind
	Prevailing notation.Seat // the round's prevailing wind
	Win        WinKind
	LastTile   bool          // the last tile of the wall (海底撈月) or the last discard (海底炮)
	Discarder  notation.Seat // who discarded the winning tile (or made the robbed kong); NoSeat if self-drawn or unknown
}

// Source is where a rule is defined: the ruleset and the line of its YAML file.
type Source struct {
	Ruleset string `json:"ruleset"`
	Line    int    `json:"line"`
}

// String returns "hk.yaml:42" style text, or "" when unknown.
func (s Source) String() string {
	if s.Ruleset == "" {
		return ""
	}
	return fmt.Sprintf("%s:%d", s.Ruleset, s.Line)
}

// Warning is a problem found in a file that mjref carried on past, such as a card line left out. Its
// JSON is the "warnings" array of every result a card plays in.
type Warning struct {
	// Message is the whole warning as the command line prints it after "mjref: warning: ", its
	// place first: "card.yaml:12: line R1 left out: alternative 1 has 13 tiles, expected 14".
	Message string `json:"message"`
	// File and Line are where the problem is written, when known.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	// CardLine is the id of the card line the warning is about, when it has one.
	CardLine string `json:"card_line,omitempty"`
	// LeftOut is true when the card line is left out of play; otherwise the line plays, and only
	// the part named (a repeated alternative) is ignored.
	LeftOut bool `json:"left_out"`
}

// Item is one line of a score: a rule that applied, what it is worth and the tiles it is about.
type Item struct {
	ID     string          `json:"id"`
	Name   string          `json:"name"`
	NameZH string          `json:"name_zh,omitempty"`
	Value  int             `json:"value"`
	Limit  bool            `json:"limit,omitempty"`
	Tiles  []notation.Tile `json:"tiles,omitempty"`
	Note   string          `json:"note,omitempty"`
	Source Source          `json:"source"`
}

// RuleError is a problem with a ruleset value. Path names the YAML keys that lead to it, so the
// loader can report the file line.
type RuleError struct {
	Path []string
	Msg  string
}

func (e *RuleError) Error() string { return strings.Join(e.Path, ".") + ": " + e.Msg }

// ErrNotWinning is wrapped by errors that say a hand is not a win.
var ErrNotWinning = errors.New("not a winning hand")

// ErrImpossible is wrapped by errors that say a situation cannot happen (bad input, not a verdict),
// such as a heavenly hand for a seat that is not the dealer.
var ErrImpossible = errors.New("impossible situation")
