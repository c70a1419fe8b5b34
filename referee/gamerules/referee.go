package gamerules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Referee is the referee's own table rules, a ruleset's referee: section: how many tiles, the dead
// wall, several winners, the order of play, and the rules its rulings cite.
// The zero value is the Hong Kong default: 144 tiles, no dead wall, head bump.
type Referee struct {
	// Tiles is 144 (with flowers and seasons) or 136 (without); 0 means 144.
	Tiles int `yaml:"tiles,omitempty"`
	// DeadWall is how many tiles at the end of the wall are never drawn; 0 (the default) draws every tile.
	DeadWall int `yaml:"dead_wall,omitempty"`
	// MultipleWins is settle.HeadBump ("head-bump", the default) or settle.AllWin ("all").
	MultipleWins string `yaml:"multiple_wins,omitempty"`
	// MissedWinLock is the house rule that a player who passes a winning discard may not win on the
	// same tile until their next draw. Off by default: in Hong Kong play declining one win does not
	// stop you taking the next. It is checked only for hands whose every tile is seen.
	MissedWinLock bool `yaml:"missed_win_lock,omitempty"`
	// Direction is the order of play in American games: "clockwise" (the default, as the seed says)
	// passes the turn E → S → W → N, the order the seats are named in; "counterclockwise" passes it
	// E → N → W → S. In the Charleston "right" is the next player in turn. Hong Kong and DeBurger play
	// go E → S → W → N and ignore it.
	Direction string `yaml:"direction,omitempty"`
	// SecondCharleston gives the directions of the optional second American Charleston: "reverse"
	// (the default, as the NMJL plays: left, across, right) or "same" (right, across, left, as the seed
	// says).
	SecondCharleston string `yaml:"second_charleston,omitempty"`
	// Explain names and explains each rule id the rulings cite (the rules: key), so that a ruling
	// can name its rule and cite the ruleset line that states it.
	Explain map[string]*RuleDef `yaml:"rules,omitempty"`
	Source  scoring.Source      `yaml:"-"`
}

// RuleDef explains one rule the referee enforces: its name, in English and Chinese, and what it says.
type RuleDef struct {
	Name   string         `yaml:"name"`
	ZH     string         `yaml:"zh,omitempty"`
	Text   string         `yaml:"text"`
	Source scoring.Source `yaml:"-"`
}

// RuleIDs lists every rule id a ruling can cite, the ids a referee: section's rules: may explain
// (package referee's Rule constants: its tests check the two agree).
var RuleIDs = []string{
	"deal", "tile-count", "fifth-copy", "turn-order", "tile-in-hand", "wall-order", "wall-exhausted",
	"bonus-not-discard", "flower-replacement", "no-flowers", "no-discard", "own-discard", "claim-tile",
	"chow-from-left", "chow-shape", "pong", "kong", "claim-priority", "head-bump", "discard-after-claim",
	"kong-replacement", "add-kong", "concealed-kong", "rob-kong", "rob-concealed-kong", "win", "false-win",
	"self-draw", "draw", "discard", "pass", "hand-over", "missed-win-lock", "charleston", "charleston-joker",
	"courtesy-pass", "exposure", "call-pair", "dead-joker", "joker-exchange", "dead-hand", "mahjong-in-error",
	"misnamed", "next-in-turn", "no-kong-from-hand", "flowers-kept", "bird", "bird-land", "seven-flowers",
	"reveal", "riichi", "riichi-discard", "furiten", "temporary-furiten", "riichi-furiten", "haitei", "kan-dora", "no-chi-three",
	"multiple-ron", "sanchahou",
}

// Values of Referee.Direction and Referee.SecondCharleston.
const (
	DirClockwise        = "clockwise"
	DirCounterclockwise = "counterclockwise"
	CharlestonReverse   = "reverse"
	CharlestonSame      = "same"
)

// Validate checks the values; errors are *scoring.RuleError with the key path.
func (r *Referee) Validate() error {
	switch r.Tiles {
	case 0, 136, 144, 152:
	default:
		return &scoring.RuleError{Path: []string{"tiles"}, Msg: fmt.Sprintf("%s: expected 144 (with flowers), 136 (without) or 152 (American, with jokers)", words.Count(r.Tiles, "tile"))}
	}
	switch r.Direction {
	case "", DirClockwise, DirCounterclockwise:
	default:
		return &scoring.RuleError{Path: []string{"direction"}, Msg: fmt.Sprintf("%q: expected %s or %s", r.Direction, DirClockwise, DirCounterclockwise)}
	}
	switch r.SecondCharleston {
	case "", CharlestonReverse, CharlestonSame:
	default:
		return &scoring.RuleError{Path: []string{"second_charleston"}, Msg: fmt.Sprintf("%q: expected %s or %s", r.SecondCharleston, CharlestonReverse, CharlestonSame)}
	}
	if r.DeadWall < 0 || r.DeadWall > 40 {
		return &scoring.RuleError{Path: []string{"dead_wall"}, Msg: fmt.Sprintf("%d: expected 0 to 40 tiles", r.DeadWall)}
	}
	switch r.MultipleWins {
	case "", settle.HeadBump, settle.AllWin:
	default:
		return &scoring.RuleError{Path: []string{"multiple_wins"}, Msg: fmt.Sprintf("%q: expected %s or %s", r.MultipleWins, settle.HeadBump, settle.AllWin)}
	}
	for _, id := range slices.Sorted(maps.Keys(r.Explain)) {
		d := r.Explain[id]
		switch {
		case !slices.Contains(RuleIDs, id):
			return &scoring.RuleError{Path: []string{"rules", id}, Msg: fmt.Sprintf("unknown rule id %q: the referee's rules are %s", id, strings.Join(RuleIDs, ", "))}
		case d == nil || strings.TrimSpace(d.Name) == "":
			return &scoring.RuleError{Path: []string{"rules", id}, Msg: "missing name"}
		case strings.TrimSpace(d.Text) == "":
			return &scoring.RuleError{Path: []string{"rules", id}, Msg: "missing text: say what the rule is"}
		}
	}
	return nil
}

// TileCount is how many tiles the game is played with: Tiles, 144 when it is not set.
func (r *Referee) TileCount() int {
	if r.Tiles == 0 {
		return 144
	}
	return r.Tiles
}

// Flowers says whether the game is played with flowers and seasons (144 tiles).
func (r *Referee) Flowers() bool { return r.TileCount() == 144 }

// AllWin says whether every claimant of a discard wins (multiple_wins: all), not the first in turn.
func (r *Referee) AllWin() bool { return r.MultipleWins == settle.AllWin }
