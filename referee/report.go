package referee

import (
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
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

// explain names each ruling's rule and cites its ruleset line, where the rules r explain it.
func explain(r *gamerules.Referee, rulings []Ruling) {
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
	// RawTotal is the items' sum before the ruleset's cap, present only when the cap cut it (Hong
	// Kong: "10 faan (12 before the cap)"). The payout table is read at it, as settle reads it.
	RawTotal int  `json:"raw_total,omitempty"`
	Limit    bool `json:"limit,omitempty"`
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
	// RawTotal is the items' sum before the cap, present only when the cap cut it (as in Win).
	RawTotal int  `json:"raw_total,omitempty"`
	Limit    bool `json:"limit,omitempty"`
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
	Valid bool
	Total int
	// RawTotal is the items' sum before the ruleset's cap (0 or Total when nothing capped it).
	RawTotal int
	Limit    bool
	Items    []scoring.Item
	Reason   string // why the hand is not valid
}

// raw is the sum before the cap worth recording: RawTotal when the cap cut it, else 0.
func (sc Score) raw() int {
	if sc.RawTotal > sc.Total {
		return sc.RawTotal
	}
	return 0
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

// Deps are what a replay needs besides the log: the table rules, a scorer for wins and a settler.
// A nil Score takes every declared win as valid but unscored; a nil Settle makes no payments.
type Deps struct {
	Rules  gamerules.Referee
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
	// Claims are what a family changes in a ruling on claims made at the same time on one
	// discard (ResolveClaimsAt); the zero value rules as Hong Kong does.
	Claims ClaimRules
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
			wins = []Win{{Seat: r.Winner, Items: r.Items, Total: r.Total, RawTotal: r.RawTotal, Limit: r.Limit, Checked: len(r.Items) > 0}}
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
				fmt.Fprintf(&b, ": %d", w.Total)
				if w.RawTotal > w.Total {
					fmt.Fprintf(&b, " (%d before the cap)", w.RawTotal)
				}
				b.WriteString(" =")
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
