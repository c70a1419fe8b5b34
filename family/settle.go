package family

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
)

// Settler settles a hand once it is over: who pays whom, with the rule behind every payment.
type Settler interface {
	// SettleTakes says whether the family's settlement reads the request field that the flag
	// named settles ("faan", "false-win", "hand" for SettleRequest.Hands; see SettleRequest.Given)
	// and, when it does not, what to give instead (a hint, which may be empty).
	SettleTakes(flag string) (ok bool, hint string)
	// Settle settles the hand req describes. A request field the family does not take is
	// refused, not ignored (see RefuseOthers). A hand given that is not a win is a Settlement
	// whose Positive is false, not an error.
	Settle(req SettleRequest) (Settlement, error)
}

// SettleRequest is one hand to settle, as mjref settle's flags (and a server's request body) give
// it: seats as letters (E S W N), the win as a word (see scoring.WinKinds), worths as numbers in
// text ("6", or "5,3" for several winners). A field left empty is a flag not given.
type SettleRequest struct {
	// Hand is the winner's hand, scored first (Hong Kong, American).
	Hand string `json:"hand,omitempty"`
	// Faan (Hong Kong) or Value (American) is the hand's worth, one number or one per winner;
	// Limit makes it a limit hand.
	Faan  NumberText `json:"faan,omitempty"`
	Value NumberText `json:"value,omitempty"`
	Limit bool       `json:"limit,omitempty"`
	// Winner is the winner's seat, or several claimants of one discard: "S,N".
	Winner string `json:"winner,omitempty"`
	// Seat is the seat of Hand's winner (default E); Prevailing the round's wind (default E).
	Seat       string `json:"seat,omitempty"`
	Prevailing string `json:"prevailing,omitempty"`
	// Win is how the hand was won (a discard when Discarder is given); Discarder discarded the
	// winning tile (or made the robbed kong).
	Win       string `json:"win,omitempty"`
	Discarder string `json:"discarder,omitempty"`
	LastTile  bool   `json:"last_tile,omitempty"`
	// Responsible is the seat that pays alone under responsibility (包).
	Responsible string `json:"responsible,omitempty"`
	// Drawn and Wall end the hand drawn; FalseWin names the seat that declared a false win.
	Drawn    bool   `json:"drawn,omitempty"`
	Wall     bool   `json:"wall,omitempty"`
	FalseWin string `json:"false_win,omitempty"`
	// Jokerless and Misnamed are American: a jokerless hand on a line with the bonus, a misnamed
	// winning discard. Card is the card Hand is matched against (default: the ruleset's).
	Jokerless bool   `json:"jokerless,omitempty"`
	Misnamed  bool   `json:"misnamed,omitempty"`
	Card      string `json:"card,omitempty"`
	// Hands (SEAT=HAND each), Points and Totals (E=2700,S=1800,...) and Mahjong are DeBurger: the
	// four hands or their points, the running totals before the hand, the seat that went Mahjong.
	Hands   []string `json:"hands,omitempty"`
	Points  Amounts  `json:"points,omitempty"`
	Totals  Amounts  `json:"totals,omitempty"`
	Mahjong string   `json:"mahjong,omitempty"`
	// Han and Fu are a riichi win's worth (one number or one per winner); Honba and Sticks the
	// counters and riichi sticks on the table; Tenpai the seats ready at an exhaustive draw and
	// Nagashi the seats paid a nagashi mangan (riichi).
	Han     NumberText `json:"han,omitempty"`
	Fu      NumberText `json:"fu,omitempty"`
	Honba   int        `json:"honba,omitempty"`
	Sticks  int        `json:"sticks,omitempty"`
	Tenpai  string     `json:"tenpai,omitempty"`
	Nagashi string     `json:"nagashi,omitempty"`
}

// settleFields are the request's fields by their flags' names, in name order (as a command
// line's flags are visited), each with whether a request gives it.
var settleFields = []struct {
	flag  string
	given func(*SettleRequest) bool
}{
	{"card", func(r *SettleRequest) bool { return r.Card != "" }},
	{"discarder", func(r *SettleRequest) bool { return r.Discarder != "" }},
	{"drawn", func(r *SettleRequest) bool { return r.Drawn }},
	{"faan", func(r *SettleRequest) bool { return r.Faan != "" }},
	{"false-win", func(r *SettleRequest) bool { return r.FalseWin != "" }},
	{"fu", func(r *SettleRequest) bool { return r.Fu != "" }},
	{"han", func(r *SettleRequest) bool { return r.Han != "" }},
	{"hand", func(r *SettleRequest) bool { return len(r.Hands) > 0 }},
	{"honba", func(r *SettleRequest) bool { return r.Honba != 0 }},
	{"jokerless", func(r *SettleRequest) bool { return r.Jokerless }},
	{"last-tile", func(r *SettleRequest) bool { return r.LastTile }},
	{"limit", func(r *SettleRequest) bool { return r.Limit }},
	{"mahjong", func(r *SettleRequest) bool { return r.Mahjong != "" }},
	{"misnamed", func(r *SettleRequest) bool { return r.Misnamed }},
	{"nagashi", func(r *SettleRequest) bool { return r.Nagashi != "" }},
	{"points", func(r *SettleRequest) bool { return len(r.Points) > 0 }},
	{"prevailing", func(r *SettleRequest) bool { return r.Prevailing != "" }},
	{"responsible", func(r *SettleRequest) bool { return r.Responsible != "" }},
	{"seat", func(r *SettleRequest) bool { return r.Seat != "" }},
	{"sticks", func(r *SettleRequest) bool { return r.Sticks != 0 }},
	{"tenpai", func(r *SettleRequest) bool { return r.Tenpai != "" }},
	{"totals", func(r *SettleRequest) bool { return len(r.Totals) > 0 }},
	{"value", func(r *SettleRequest) bool { return r.Value != "" }},
	{"wall", func(r *SettleRequest) bool { return r.Wall }},
	{"win", func(r *SettleRequest) bool { return r.Win != "" }},
	{"winner", func(r *SettleRequest) bool { return r.Winner != "" }},
}

// Given lists the fields req gives by their flags' names, in name order (as a command line's flags
// are visited). The hand argument is not a flag and not listed; "hand" is Hands.
func (req *SettleRequest) Given() []string {
	var names []string
	for _, f := range settleFields {
		if f.given(req) {
			names = append(names, f.flag)
		}
	}
	return names
}

// given says whether req gives the field of the flag named.
func (req *SettleRequest) given(flag string) bool {
	for _, f := range settleFields {
		if f.flag == flag {
			return f.given(req)
		}
	}
	return false
}

// RefuseOthers refuses the first field of req (in name order) that the family of r does not take,
// with the family's hint: a flag given under another family is refused rather than ignored.
func RefuseOthers(r Rules, req *SettleRequest) error {
	rs := r.Ruleset()
	for _, f := range settleFields {
		if !f.given(req) {
			continue
		}
		name := f.flag
		if ok, hint := r.SettleTakes(name); !ok {
			err := Usagef("--%s does not apply to ruleset %s (family %s)", name, rs.Name, rs.Family)
			if hint != "" {
				return WithHint(err, hint)
			}
			return err
		}
	}
	return nil
}

// Settlement is a settled hand. Its JSON (encoding/json) is the contract of schema/settle.json.
type Settlement interface {
	// Positive says whether the hand was settled: false when the hand given is not a win.
	Positive() bool
	// Render writes the settlement for a person to read.
	Render(p Printer) error
}

// SettleError makes a settlement error bad input with a hint where one helps.
func SettleError(rs *rulesets.Ruleset, err error) error {
	var re *scoring.RuleError
	switch {
	case errors.Is(err, scoring.ErrImpossible):
		return err
	case errors.As(err, &re):
		return WithHint(fmt.Errorf("ruleset %s: settlement: %w", rs.Name, err), "see the section with 'mjref rules show "+rs.Name+"'")
	case errors.Is(err, settle.ErrPrecision):
		return WithHint(err, "amounts are exact to four decimal places: check the faan, value and stake")
	}
	return WithHint(err, "")
}

// ParseSeatFlag reads the seat a flag gives.
func ParseSeatFlag(flag, s string) (notation.Seat, error) {
	seat, err := notation.ParseSeat(strings.TrimSpace(s))
	if err != nil {
		return notation.NoSeat, Usagef("--%s: %v", flag, err)
	}
	return seat, nil
}

// OptionalSeat reads a seat flag that may be left out, def when it is.
func OptionalSeat(flag, s string, def notation.Seat) (notation.Seat, error) {
	if s == "" {
		return def, nil
	}
	return ParseSeatFlag(flag, s)
}

// ParseSeatList reads "S" or "S,N".
func ParseSeatList(flag, s string) ([]notation.Seat, error) {
	var seats []notation.Seat
	for part := range strings.SplitSeq(s, ",") {
		seat, err := ParseSeatFlag(flag, part)
		if err != nil {
			return nil, err
		}
		if slices.Contains(seats, seat) {
			return nil, Usagef("--%s: %s is named twice", flag, seat)
		}
		seats = append(seats, seat)
	}
	return seats, nil
}

// SeatsText lists seats separated by commas: "S, N".
func SeatsText(seats []notation.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// ParseWorth reads "6" or "6,3" (the flag unit: faan or value): one number for every winner, or
// one each.
func ParseWorth(unit, s string, winners int) ([]int, error) {
	var nums []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		switch {
		case err != nil || n < 0:
			return nil, Usagef("--%s %q: expected a whole number, 0 or more", unit, part)
		case n == 0 && unit == "value":
			return nil, Usagef("--value 0: a card line's value is positive")
		}
		nums = append(nums, n)
	}
	if len(nums) != 1 && len(nums) != winners {
		return nil, Usagef("--%s %s: give one number for all %d winners, or one each", unit, s, winners)
	}
	return nums, nil
}

// HowWon reads --win and --discarder: a win on a discard unless --win says otherwise, and a win
// on a discard (or a robbed kong, or an eighth flower) names the seat that pays for it. sr is the
// ruleset's settlement (nil for none): where it plays seven flowers self-drawn, a seven-flowers win
// has no discarder.
func HowWon(win, discarder string, sr *settle.Rules) (scoring.WinKind, notation.Seat, error) {
	d, err := OptionalSeat("discarder", discarder, notation.NoSeat)
	if err != nil {
		return 0, d, err
	}
	discarder = ""
	if d != notation.NoSeat {
		discarder = d.String()
	}
	k, err := WinKind(win, discarder, "SEAT")
	if err != nil {
		return 0, d, err
	}
	if err := sevenFlowersHow(k, discarder, sr, "SEAT"); err != nil {
		return 0, d, err
	}
	switch {
	case sr.SelfDrawn(k):
	case d == notation.NoSeat && k == scoring.RobbingKong:
		return 0, d, Usagef("--win %s needs the seat whose kong was robbed: --discarder SEAT", k)
	case d == notation.NoSeat:
		return 0, d, Usagef("--win %s needs the seat that discarded the winning tile: --discarder SEAT", k)
	}
	return k, d, nil
}

// WinKind reads --win for a hand whose --discarder is discarder ("" when not given): a win on a
// discard when --win is left out. who is how --discarder is written in the message (SEAT, NAME).
// A win on a discard without a discarder is left to the caller, which knows what to ask for.
func WinKind(win, discarder, who string) (scoring.WinKind, error) {
	if win == "" {
		if discarder == "" {
			return 0, WithHint(Usagef("say how the hand was won: --discarder %s for a win on a discard, or --win self-draw", who),
				"--win takes "+strings.Join(scoring.WinKinds(), "|"))
		}
		win = scoring.Discard.String()
	}
	k, err := scoring.ParseWinKind(win)
	if err != nil {
		return 0, Usagef("--win: %v", err)
	}
	if k.SelfDrawn() && discarder != "" {
		return 0, Usagef("--discarder %s with --win %s: a self-drawn tile has no discarder", discarder, k)
	}
	return k, nil
}

// FourValues reads KEY=VALUE pairs for four places (seats, or a ledger's players), given as
// repeated flags or comma lists, and requires all four. A --hand is never split at commas:
// notation reads them as spaces. form is a pair's expected form and all names the four places, for
// errors; index finds the place a key names, and name names place i.
func FourValues(flag string, args []string, form, all string, index func(key string) (int, error), name func(i int) string) ([4]string, error) {
	var vals [4]string
	var seen [4]bool
	for _, a := range args {
		parts := []string{a}
		if flag != "hand" {
			parts = strings.Split(a, ",")
		}
		for _, part := range parts {
			k, val, ok := strings.Cut(part, "=")
			if !ok {
				return vals, Usagef("--%s %q: expected %s", flag, part, form)
			}
			i, err := index(k)
			if err != nil {
				return vals, err
			}
			if seen[i] {
				return vals, Usagef("--%s: %s is given twice", flag, name(i))
			}
			seen[i], vals[i] = true, strings.TrimSpace(val)
		}
	}
	for i, ok := range seen {
		if !ok {
			return vals, Usagef("--%s: nothing for %s: give all four %s", flag, name(i), all)
		}
	}
	return vals, nil
}

// SeatValues reads SEAT=VALUE pairs, given as repeated flags or comma lists, and requires all four.
func SeatValues(flag string, args []string) ([4]string, error) {
	index := func(k string) (int, error) {
		s, err := ParseSeatFlag(flag, k)
		return int(s), err
	}
	name := func(i int) string { return notation.Seat(i).String() }
	return FourValues(flag, args, "SEAT=VALUE, e.g. E=2700", "seats (E, S, W, N)", index, name)
}

// SeatNumbers reads the four seats' values as whole numbers of points.
func SeatNumbers(flag string, vals [4]string) ([4]int, error) {
	var ns [4]int
	for i, s := range vals {
		n, err := strconv.Atoi(s)
		if err != nil {
			return ns, Usagef("--%s %s=%q: expected a whole number of points, e.g. %s=-400", flag, notation.Seat(i), s, notation.Seat(i))
		}
		ns[i] = n
	}
	return ns, nil
}

// SeatInts is one whole number per seat; in JSON an object keyed "E", "S", "W", "N".
type SeatInts [4]int

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}.
func (s SeatInts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, n := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%q:%d", notation.Seat(i).String(), n)
	}
	return append(b, '}'), nil
}

// RenderPayments writes a table of payments (from, to, amount, rule, detail, source), or
// "payments: none".
func RenderPayments(p Printer, ps []settle.Payment) error {
	if len(ps) == 0 {
		_, err := fmt.Fprintln(p, "payments: none")
		return err
	}
	rows := make([][]string, 0, len(ps))
	for _, x := range ps {
		rows = append(rows, []string{x.From.String(), x.To.String(), x.Amount.String(), x.Rule, x.Detail, x.Source.String()})
	}
	return p.Table([]string{"from", "to", "amount", "rule", "detail", "source"}, rows)
}

// sevenFlowersHow checks a seven-flowers win's discarder against the table's reading (sr, nil for
// the default): claimed on the eighth flower another player draws (七搶一), who pays and must be
// named, or self-drawn (seven_flowers: self-draw), when nobody discards. who is how --discarder is
// written in the message (SEAT, NAME).
func sevenFlowersHow(k scoring.WinKind, discarder string, sr *settle.Rules, who string) error {
	if k != scoring.SevenFlowers {
		return nil
	}
	if sr.SevenFlowersSelfDrawn() {
		if discarder == "" {
			return nil
		}
		line := ""
		if src := sr.SevenFlowers.Source; src.Line != 0 {
			line = ", " + src.String()
		}
		return WithHint(Usagef("--discarder %s with --win %s: this table plays seven flowers self-drawn (settlement: seven_flowers: self-draw%s): the winner drew their own seventh and every opponent pays, so nobody discards", discarder, k, line),
			"leave out --discarder")
	}
	if discarder == "" {
		drew := "the seat that drew"
		if who == "NAME" {
			drew = "the player who drew"
		}
		return WithHint(Usagef("--win %s needs %s the eighth flower, who pays: --discarder %s", k, drew, who),
			"a table where the winner draws their own seventh flower says so in its ruleset: settlement: seven_flowers: self-draw")
	}
	return nil
}
