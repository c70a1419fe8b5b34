package referee

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// Verdict is the referee's answer on one step.
type Verdict string

// Verdicts. A legal claim that loses to a higher one is still VerdictOK; its reason says who took the tile.
const (
	VerdictOK      Verdict = "ok"
	VerdictIllegal Verdict = "illegal"
)

// Stable rule ids cited by rulings.
const (
	RuleDeal            = "deal"              // the dealt hands: 14 tiles for the dealer, 13 for the others
	RuleTileCount       = "tile-count"        // 144 tiles (136 without flowers), wall counts
	RuleFifthCopy       = "fifth-copy"        // four of each tile, one of each flower
	RuleTurnOrder       = "turn-order"        // E → S → W → N; a claim moves the turn
	RuleInHand          = "tile-in-hand"      // a discarded, melded or declared tile must be in the hand
	RuleWallOrder       = "wall-order"        // draws from the front, replacements from the back of the known wall
	RuleWallExhausted   = "wall-exhausted"    // no draw once the live wall is empty
	RuleBonusDiscard    = "bonus-not-discard" // flowers and seasons are laid out, never discarded
	RuleFlower          = "flower-replacement"
	RuleNoFlowers       = "no-flowers" // the ruleset plays without bonus tiles
	RuleNoDiscard       = "no-discard" // a claim needs a discard to claim
	RuleOwnDiscard      = "own-discard"
	RuleClaimTile       = "claim-tile"     // the claim names the discarded tile
	RuleChowFromLeft    = "chow-from-left" // a chow only from the player before you (上家)
	RuleChowShape       = "chow-shape"
	RulePongPair        = "pong"
	RuleKongThree       = "kong"
	RuleClaimPriority   = "claim-priority" // win > pong/kong > chow
	RuleHeadBump        = "head-bump"      // among wins, the claimant next after the discarder (截糊)
	RuleDiscardAtOnce   = "discard-after-claim"
	RuleKongReplacement = "kong-replacement" // after a kong, draw from the back
	RuleAddKong         = "add-kong"         // the fourth tile on an exposed pong
	RuleConcealedKong   = "concealed-kong"
	RuleRobKong         = "rob-kong"           // an added kong may be robbed
	RuleRobConcealed    = "rob-concealed-kong" // a concealed kong only for Thirteen Orphans
	RuleWin             = "win"
	RuleFalseWin        = "false-win" // not a valid hand, or below the minimum
	RuleSelfDraw        = "self-draw"
	RuleDraw            = "draw"
	RuleDiscard         = "discard"
	RulePass            = "pass"
	RuleHandOver        = "hand-over"
	RuleMissedWin       = "missed-win-lock" // house rule: a passed win locks that tile until your next draw
	RuleSevenFlowers    = "seven-flowers"   // seven bonus tiles claim the eighth as it is laid out (花糊)
)

// Ruling is the referee's answer on one step (or one claim of a claims: event).
type Ruling struct {
	// Event is the 1-based event number; 0 is the log's header (hands, wall).
	Event   int           `json:"event"`
	Seat    notation.Seat `json:"seat"`
	Action  string        `json:"action"`
	Verdict Verdict       `json:"verdict"`
	Rule    string        `json:"rule"`
	Reason  string        `json:"reason"`
	// Name and Source name the rule and cite the ruleset line that states it (the referee: section's
	// rules:), when the ruleset explains it.
	Name   string          `json:"name,omitempty"`
	Source *scoring.Source `json:"source,omitempty"`
}

// RuleDef explains one rule the referee enforces: its name, in English and Chinese, and what it says.
type RuleDef struct {
	Name   string         `yaml:"name"`
	ZH     string         `yaml:"zh,omitempty"`
	Text   string         `yaml:"text"`
	Source scoring.Source `yaml:"-"`
}

// RuleIDs lists every rule id a ruling can cite.
var RuleIDs = []string{
	RuleDeal, RuleTileCount, RuleFifthCopy, RuleTurnOrder, RuleInHand, RuleWallOrder, RuleWallExhausted,
	RuleBonusDiscard, RuleFlower, RuleNoFlowers, RuleNoDiscard, RuleOwnDiscard, RuleClaimTile,
	RuleChowFromLeft, RuleChowShape, RulePongPair, RuleKongThree, RuleClaimPriority, RuleHeadBump,
	RuleDiscardAtOnce, RuleKongReplacement, RuleAddKong, RuleConcealedKong, RuleRobKong, RuleRobConcealed,
	RuleWin, RuleFalseWin, RuleSelfDraw, RuleDraw, RuleDiscard, RulePass, RuleHandOver, RuleMissedWin,
	RuleCharleston, RuleCharlestonJoker, RuleCourtesy, RuleExposure, RuleCallPair, RuleDeadJoker,
	RuleJokerExchange, RuleDeadHand, RuleMahJonggError, RuleMisnamed, RuleNextInTurn, RuleNoKong,
	RuleFlowerKept, RuleBird, RuleBirdLand, RuleSevenFlowers, RuleReveal,
	RuleRiichi, RuleRiichiDiscard, RuleFuriten, RuleHaitei, RuleKanDora, RuleNoChiThree,
}

// explain names each ruling's rule and cites its ruleset line, where the rules explain it.
func (r *Rules) explain(rulings []Ruling) {
	if len(r.Explain) == 0 {
		return
	}
	for i := range rulings {
		if d := r.Explain[rulings[i].Rule]; d != nil {
			rulings[i].Name = d.Name
			if d.Source.Ruleset != "" {
				src := d.Source
				rulings[i].Source = &src
			}
		}
	}
}

// String returns "7 W pong: ok (claim-priority) W takes 9s".
func (r Ruling) String() string {
	return fmt.Sprintf("%d %s %s: %s (%s) %s", r.Event, r.Seat, r.Action, r.Verdict, r.Rule, r.Reason)
}

// Outcome is how the hand ended, as far as the log goes.
type Outcome string

// Outcomes.
const (
	OutcomeWin        Outcome = "win"
	OutcomeDraw       Outcome = "draw"      // 流局
	OutcomeFalseWin   Outcome = "false-win" // 詐糊, settled by the penalty
	OutcomeUnfinished Outcome = "unfinished"
)

// Context is what the referee derived about a win: everything `score` takes as flags. Seat is the
// winner's seat wind, counted from the dealer (with dealer: S, the table seat W sits South); Discarder
// is a table seat.
type Context struct {
	Seat       notation.Seat   `json:"seat_wind"`
	Prevailing notation.Seat   `json:"prevailing"`
	Win        scoring.WinKind `json:"win"`
	LastTile   bool            `json:"last_tile,omitempty"`
	Discarder  notation.Seat   `json:"discarder"`
}

// Situation returns the context as a scoring.Situation.
func (c Context) Situation() scoring.Situation {
	return scoring.Situation{Seat: c.Seat, Prevailing: c.Prevailing, Win: c.Win, LastTile: c.LastTile, Discarder: c.Discarder}
}

// Win is one winner's hand and score.
type Win struct {
	Seat    notation.Seat  `json:"seat"`
	Hand    string         `json:"hand"`
	Context Context        `json:"context"`
	Items   []scoring.Item `json:"items"`
	Total   int            `json:"total"`
	Limit   bool           `json:"limit,omitempty"`
	// Checked is false when the hand could not be scored (tiles not seen, or no scorer).
	Checked bool `json:"checked"`

	hand   notation.Hand
	unseen bool // the winner's hand had tiles not seen
}

// HandValue returns the winner's hand (melds in the order they were made, Meld.From set).
func (w *Win) HandValue() notation.Hand { return w.hand }

// Result is how the hand ended: the winner, the score breakdown and the payments.
type Result struct {
	Outcome Outcome `json:"outcome"`
	// Winner is the winning seat (the first, when several win one discard), or NoSeat.
	Winner notation.Seat `json:"winner"`
	// Offender is the seat that declared a false win, or NoSeat.
	Offender notation.Seat  `json:"offender"`
	Hand     string         `json:"hand,omitempty"`
	Context  *Context       `json:"context,omitempty"`
	Items    []scoring.Item `json:"items"`
	Total    int            `json:"total"`
	Limit    bool           `json:"limit,omitempty"`
	// Wins lists every winner when several win on one discard (一炮多響).
	Wins []Win `json:"wins,omitempty"`
	// Payments and Deltas are the settlement (empty when the hand is unfinished or not settled).
	Payments []settle.Payment `json:"payments"`
	Deltas   settle.Deltas    `json:"deltas"`
	Reason   string           `json:"reason,omitempty"`
}

// SeatView is one seat's state at the end of the replay.
type SeatView struct {
	Seat notation.Seat `json:"seat"`
	// Concealed are the concealed tiles seen, in notation; Unknown counts those not seen.
	Concealed string          `json:"concealed"`
	Unknown   int             `json:"unknown"`
	Melds     []notation.Meld `json:"-"`
	MeldText  []string        `json:"melds"`
	Bonus     []notation.Tile `json:"bonus"`
	Discards  []notation.Tile `json:"discards"`
}

// Report is the outcome of a replay: a ruling for every event (every claim of a claims: event) and
// the result.
type Report struct {
	Rulings []Ruling    `json:"rulings"`
	Result  Result      `json:"result"`
	Seats   [4]SeatView `json:"seats"`
	// Wall is the number of tiles left in the live wall, or -1 when not known.
	Wall int `json:"wall"`
	// Dead lists the American hands declared dead, in the order they died.
	Dead []DeadHand `json:"dead,omitempty"`
	// Points are each seat's points in a DeBurger hand (indexed by notation.Seat), where every player
	// scores; nil for the other families.
	Points []int `json:"points,omitempty"`
	// Scores explain Points: each seat's items (DeBurger only).
	Scores []SeatScore `json:"scores,omitempty"`
}

// Legal reports whether every ruling is ok.
func (r *Report) Legal() bool {
	for _, x := range r.Rulings {
		if x.Verdict != VerdictOK {
			return false
		}
	}
	return true
}

// Illegal returns the illegal rulings.
func (r *Report) Illegal() []Ruling {
	var out []Ruling
	for _, x := range r.Rulings {
		if x.Verdict != VerdictOK {
			out = append(out, x)
		}
	}
	return out
}

// Score is what a Scorer says about a winning hand.
type Score struct {
	// Valid is true when the hand is a winning hand worth at least the ruleset's minimum.
	Valid  bool
	Total  int
	Limit  bool
	Items  []scoring.Item
	Reason string // why the hand is not valid
}

// Scorer scores a declared win. It is injected so the referee does not depend on one family.
type Scorer func(h *notation.Hand, sit scoring.Situation) (Score, error)

// SettleInput is what a Settler needs to pay out a hand.
type SettleInput struct {
	Dealer  notation.Seat
	Outcome Outcome
	// Wins are the valid wins (several only under every-claimant-wins).
	Wins []Win
	// Offender is the seat that declared a false win (OutcomeFalseWin).
	Offender notation.Seat
}

// Settler pays out a hand. It is injected so the referee can run before the settlement rules exist.
type Settler func(in SettleInput) (settle.Result, error)

// Rules are the referee's own table rules: how many tiles, the dead wall, several winners.
// The zero value is the Hong Kong default: 144 tiles, no dead wall, head bump.
type Rules struct {
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

// Validate checks the values; errors are *scoring.RuleError with the key path.
func (r *Rules) Validate() error {
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

func (r *Rules) tiles() int {
	if r.Tiles == 0 {
		return 144
	}
	return r.Tiles
}

func (r *Rules) flowers() bool { return r.tiles() == 144 }

func (r *Rules) allWin() bool { return r.MultipleWins == settle.AllWin }

// Deps are what a replay needs besides the log: the table rules, a scorer for wins and a settler.
// A nil Score takes every declared win as valid but unscored; a nil Settle makes no payments.
type Deps struct {
	Rules  Rules
	Score  Scorer
	Settle Settler
	// Flow is a rule family's own replay (American, DeBurger); nil replays a Hong Kong hand.
	Flow Flow
	// HumanHand says the scorer pays a human hand (人糊), so a non-dealer's win on a discard before
	// their first draw, nothing claimed, is replayed as one (HK sets it from the hk: section).
	HumanHand bool
	// SevenFlowersSelfDrawn says a seven-flowers win (花糊) is the winner's own: declared as they lay
	// out their own seventh flower, self-drawn, every opponent paying (settlement: seven_flowers:
	// self-draw). Otherwise it is claimed on the eighth another player lays out (七搶一), who pays.
	SevenFlowersSelfDrawn bool
}

// Flow is a rule family's own flow of play: a family that does not play claim by claim as Hong
// Kong does brings its own (this package has American and DeBurger; a family package may write
// another). Replay calls it for the whole log, then explains the rulings it returns.
type Flow interface {
	// Replay plays lg through under d and rules on every step. A log that cannot describe a real
	// hand is a *LogError and no report.
	Replay(lg *Log, d Deps) (Report, error)
}

// String sums the result up: who won and how, the score items, then the payments and deltas, one per
// line. Item values are in the scorer's unit (faan in Hong Kong).
func (r Result) String() string {
	var b strings.Builder
	switch r.Outcome {
	case OutcomeWin:
		wins := r.Wins
		if len(wins) == 0 {
			wins = []Win{{Seat: r.Winner, Items: r.Items, Total: r.Total, Limit: r.Limit, Checked: len(r.Items) > 0}}
			if r.Context != nil {
				wins[0].Context = *r.Context
			}
		}
		for _, w := range wins {
			fmt.Fprintf(&b, "%s wins (%s", w.Seat, w.Context.Win)
			if w.Context.Discarder <= notation.SeatNorth {
				fmt.Fprintf(&b, " from %s", w.Context.Discarder)
			}
			b.WriteString(")")
			if len(w.Items) > 0 {
				fmt.Fprintf(&b, ": %d =", w.Total)
				for i, it := range w.Items {
					if i > 0 {
						b.WriteString(" +")
					}
					fmt.Fprintf(&b, " %s %d", it.ID, it.Value)
				}
				if w.Limit {
					b.WriteString(" (limit)")
				}
			}
			b.WriteString("\n")
		}
	default:
		fmt.Fprintf(&b, "%s: %s\n", r.Outcome, r.Reason)
	}
	for _, p := range r.Payments {
		b.WriteString(p.String())
		b.WriteString("\n")
	}
	if len(r.Payments) > 0 {
		b.WriteString(r.Deltas.String())
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
