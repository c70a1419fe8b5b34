package settle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// Outcome is how a hand ended.
type Outcome uint8

// Outcomes. The zero value is a win.
const (
	Won      Outcome = iota // one or more players won
	Drawn                   // 流局: the wall ran out (or an American wall game); nobody pays
	FalseWin                // 詐糊: a player declared a win that was not one
)

var outcomeNames = [...]string{"won", "drawn", "false-win"}

// String returns "won", "drawn" or "false-win".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "unknown"
}

// MarshalText implements encoding.TextMarshaler.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// ParseOutcome reads "won", "drawn" or "false-win".
func ParseOutcome(s string) (Outcome, error) {
	for i, n := range outcomeNames {
		if strings.EqualFold(s, n) {
			return Outcome(i), nil
		}
	}
	return 0, fmt.Errorf("unknown outcome %q: expected won, drawn or false-win", s)
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseOutcome.
func (o *Outcome) UnmarshalText(b []byte) error {
	v, err := ParseOutcome(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Winner is one winning player (or one claimant of a winning discard) and what their hand is worth.
type Winner struct {
	Seat notation.Seat
	// Faan is the hand's faan (hk) or the card line's value (american).
	Faan int
	// Limit marks a limit hand, paid at the ruleset's limit whatever Faan says.
	Limit bool
	// Jokerless marks an American win with no jokers on a line that carries the jokerless bonus
	// (not Singles and Pairs).
	Jokerless bool
	// Responsible is the seat liable under 包, or notation.NoSeat. Note that the zero value is East:
	// set NoSeat when nobody is responsible.
	Responsible notation.Seat
	// Trigger is the id of the responsibility trigger that made Responsible liable (from Responsible()),
	// or "" when the caller names the seat directly.
	Trigger string
}

// NewWinner returns a winner at seat s worth faan, with nobody responsible.
func NewWinner(s notation.Seat, faan int) Winner {
	return Winner{Seat: s, Faan: faan, Responsible: notation.NoSeat}
}

// Input is the outcome of a hand, as far as payment goes.
type Input struct {
	Outcome Outcome
	// Kind is how the winning tile came; every winner shares it.
	Kind scoring.WinKind
	// Winners are the winners; on a discard, every player who claimed it for a win (the ruleset's
	// multiple_winners rule decides who is paid).
	Winners []Winner
	// Discarder discarded the winning tile, or made the kong that was robbed. Ignored on a self-draw.
	Discarder notation.Seat
	// Misnamed says the discarder misnamed the winning discard (American).
	Misnamed bool
	// Offender made the false win (Outcome FalseWin).
	Offender notation.Seat
}

// Payment is one transfer from a loser to a winner, with the rule that causes it.
type Payment struct {
	From   notation.Seat `json:"from"`
	To     notation.Seat `json:"to"`
	Amount Amount        `json:"amount"`
	// Rule is the id of the rule behind the payment: "self-draw", "discard/full", "robbing-kong",
	// "misnamed/misnamed", "false-win", "responsibility/big-three-dragons".
	Rule string `json:"rule"`
	// Detail shows the arithmetic: "3 shares × 16 (6 faan, half-spicy)".
	Detail string         `json:"detail,omitempty"`
	Source scoring.Source `json:"source,omitzero"`
}

// String returns "W pays S 48 (discard/full: 3 shares × 16 (6 faan, half-spicy))".
func (p Payment) String() string {
	s := fmt.Sprintf("%s pays %s %s (%s", p.From, p.To, p.Amount, p.Rule)
	if p.Detail != "" {
		s += ": " + p.Detail
	}
	return s + ")"
}

// Deltas is each seat's change, indexed by notation.Seat. In JSON it is an object keyed "E", "S", "W", "N".
type Deltas [4]Amount

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}.
func (d Deltas) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, a := range d {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:", notation.Seat(i).String())
		b.Write(a.appendText(nil))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object MarshalJSON writes.
func (d *Deltas) UnmarshalJSON(b []byte) error {
	var m map[string]Amount
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*d = Deltas{}
	for k, v := range m {
		s, err := notation.ParseSeat(k)
		if err != nil {
			return err
		}
		d[s] = v
	}
	return nil
}

// String returns "E -4, S +12, W -4, N -4".
func (d Deltas) String() string {
	parts := make([]string, 4)
	for i, a := range d {
		sign := ""
		if a > 0 {
			sign = "+"
		}
		parts[i] = fmt.Sprintf("%s %s%s", notation.Seat(i), sign, a)
	}
	return strings.Join(parts, ", ")
}

// Result is a settlement: every payment with its rule, and each seat's change.
type Result struct {
	Outcome Outcome `json:"outcome"`
	// Winners are the players paid as winners (after a head bump, only one of the claimants).
	Winners []notation.Seat `json:"winners"`
	// Bumped are claimants who lost the discard to a head bump (截糊).
	Bumped   []notation.Seat `json:"bumped,omitempty"`
	Payments []Payment       `json:"payments"`
	Deltas   Deltas          `json:"deltas"`
	// Paid says what each paid winner's hand was paid at: its worth, or the cap above it, or the
	// limit; Note says so in words when the table was read at another worth than the hand's.
	Paid []Paid `json:"paid,omitempty"`
}

// Paid is what one winner's hand was paid at.
type Paid struct {
	Seat notation.Seat `json:"seat"`
	scoring.Worth
}

// String lists the payments one per line, then the deltas.
func (r Result) String() string {
	var b strings.Builder
	if len(r.Payments) == 0 {
		fmt.Fprintf(&b, "%s: no payments\n", r.Outcome)
	}
	for _, p := range r.Payments {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	b.WriteString(r.Deltas.String())
	return b.String()
}

// Settle decides who pays whom. Each winner is paid at the worth r.Bounds gives: the cap for a hand
// above it, the limit for a limit hand. Bad input (a winner who is also the discarder, a self-draw
// with two winners, an unknown trigger) returns an error wrapping scoring.ErrImpossible; a worth below
// the minimum (a *scoring.BelowMinError) or below the table wraps scoring.ErrNotWinning; a ruleset
// problem is a *scoring.RuleError.
func Settle(r *Rules, in Input) (Result, error) {
	b, err := r.Bind()
	if err != nil {
		return Result{}, err
	}
	return b.Settle(in)
}

// Bound is a settlement section resolved once: its payout table parsed and checked, its stake,
// cases and special rules looked up. Settling many hands under one ruleset (every wait of every
// hand of 'waits -') binds it once instead of re-reading the table at each hand. A Bound reads
// the Rules as they were when bound, and is safe for concurrent use.
type Bound struct{ rs *resolved }

// Bind resolves r for Bound.Settle: the error is the one Settle would return for the ruleset.
func (r *Rules) Bind() (*Bound, error) {
	rs, err := r.resolve(false)
	if err != nil {
		return nil, err
	}
	return &Bound{rs}, nil
}

// Settle is Settle under the bound rules.
func (b *Bound) Settle(in Input) (Result, error) {
	rs := b.rs
	var err error
	res := Result{Outcome: in.Outcome, Payments: []Payment{}, Winners: []notation.Seat{}}
	switch in.Outcome {
	case Drawn:
		if len(in.Winners) != 0 {
			return Result{}, impossible("a drawn hand has no winners")
		}
		return res, nil
	case FalseWin:
		if !validSeat(in.Offender) {
			return Result{}, impossible("a false win needs the offender's seat")
		}
		if len(in.Winners) != 0 {
			return Result{}, impossible("a false win has no winners")
		}
		err = rs.falseWin(&res, in.Offender)
	case Won:
		err = rs.won(&res, in)
	default:
		return Result{}, impossible(fmt.Sprintf("unknown outcome %d", in.Outcome))
	}
	if err != nil {
		return Result{}, err
	}
	for _, p := range res.Payments {
		if res.Deltas[p.From], err = res.Deltas[p.From].Add(-p.Amount); err != nil {
			return Result{}, err
		}
		if res.Deltas[p.To], err = res.Deltas[p.To].Add(p.Amount); err != nil {
			return Result{}, err
		}
	}
	return res, nil
}

// CheckWorth says whether a hand worth w (a limit hand when limit) can be paid as a win under r: nil,
// or an error wrapping scoring.ErrNotWinning that says why not ("2 faan is below this table's minimum
// of 3: not a win"), or one wrapping scoring.ErrImpossible. A worth above the cap is not refused: it is
// paid at the cap. Commands call it where a worth is typed, before anything is recorded.
func (r *Rules) CheckWorth(w int, limit bool) error {
	if r == nil {
		return nil
	}
	return r.Bounds.Check(w, limit)
}

func impossible(msg string) error { return fmt.Errorf("%s: %w", msg, scoring.ErrImpossible) }

func validSeat(s notation.Seat) bool { return s <= notation.SeatNorth }

// base returns the points one share is worth for w: table × stake (× jokerless), how it was found,
// and the worth the table was read at. A worth below the ruleset's minimum is refused (a
// *scoring.BelowMinError, which wraps scoring.ErrNotWinning); above the cap it is paid at the cap.
func (rs *resolved) base(w Winner) (Amount, string, scoring.Worth, error) {
	worth := rs.bounds.Paid(w.Faan, w.Limit)
	if err := rs.bounds.Check(w.Faan, w.Limit); err != nil {
		return 0, "", worth, err
	}
	f, unit := worth.Paid, "faan"
	if rs.table.Per != 0 {
		unit = "value"
	}
	var desc string
	switch {
	case w.Limit:
		desc = fmt.Sprintf("limit, paid as %d %s", f, unit)
	case worth.Capped:
		desc = worth.Note
	default:
		desc = fmt.Sprintf("%d %s", f, unit)
	}
	pts, err := rs.points(f)
	if err != nil {
		return 0, "", worth, err
	}
	if rs.tableName != unit {
		desc += ", " + rs.tableName // a table named as its unit (American "value") would say it twice
	}
	if rs.stake != Unit {
		if pts, err = pts.Mul(rs.stake); err != nil {
			return 0, "", worth, err
		}
		name := rs.stakeName
		if name == "" {
			name = "stake"
		}
		desc += fmt.Sprintf(", %s ×%s", name, rs.stake)
	}
	if w.Jokerless && rs.jokerless != Unit {
		if pts, err = pts.Mul(rs.jokerless); err != nil {
			return 0, "", worth, err
		}
		desc += fmt.Sprintf(", jokerless ×%s", rs.jokerless)
	}
	return pts, desc, worth, nil
}

func (rs *resolved) falseWin(res *Result, off notation.Seat) error {
	fw := rs.r.FalseWin
	var each Amount
	var detail string
	switch fw.As {
	case FalseWinNone:
		return nil
	case FalseWinFixed:
		a, err := fw.Amount.Mul(rs.stake)
		if err != nil {
			return err
		}
		each, detail = a, fmt.Sprintf("fixed %s", fw.Amount)
		if rs.stake != Unit {
			detail += fmt.Sprintf(" × stake %s", rs.stake)
		}
	default: // limit self-draw: each other player collects what a limit self-draw would bring them
		pts, desc, _, err := rs.base(Winner{Limit: true})
		if err != nil {
			return err
		}
		_, others := rs.selfDraw.shares()
		shares := others * 3
		if each, err = shares.Mul(pts); err != nil {
			return err
		}
		detail = fmt.Sprintf("a limit self-draw: %s shares × %s (%s)", shares, pts, desc)
	}
	for _, s := range notation.Seats {
		if s != off && each != 0 {
			res.Payments = append(res.Payments, Payment{From: off, To: s, Amount: each, Rule: "false-win", Detail: detail, Source: fw.Source})
		}
	}
	return nil
}

func (rs *resolved) won(res *Result, in Input) error {
	if len(in.Winners) == 0 {
		return impossible("a won hand needs a winner")
	}
	var seen [4]bool
	for _, w := range in.Winners {
		if !validSeat(w.Seat) {
			return impossible(fmt.Sprintf("winner seat %d is not a seat", w.Seat))
		}
		if seen[w.Seat] {
			return impossible(fmt.Sprintf("%s is listed twice as a winner", w.Seat))
		}
		seen[w.Seat] = true
		if w.Responsible != notation.NoSeat && !validSeat(w.Responsible) {
			return impossible(fmt.Sprintf("responsible seat %d is not a seat", w.Responsible))
		}
		if w.Responsible == w.Seat {
			return impossible(fmt.Sprintf("%s cannot be responsible for their own win", w.Seat))
		}
		if w.Trigger != "" {
			if _, ok := rs.r.Responsibility[w.Trigger]; !ok {
				return impossible(fmt.Sprintf("unknown responsibility trigger %q", w.Trigger))
			}
		}
	}
	if !in.Kind.Known() {
		return impossible(fmt.Sprintf("unknown win kind %d", in.Kind))
	}
	winners := in.Winners
	if rs.r.SelfDrawn(in.Kind) {
		if len(winners) != 1 {
			return impossible(fmt.Sprintf("a %s has exactly one winner, got %d", in.Kind, len(winners)))
		}
		if in.Misnamed {
			return impossible("a misnamed discard cannot be self-drawn")
		}
		res.Winners = append(res.Winners, winners[0].Seat)
		return rs.pay(res, winners[0], in, notation.NoSeat, nil)
	}
	if !validSeat(in.Discarder) {
		return impossible(fmt.Sprintf("a %s win needs the discarder's seat", in.Kind))
	}
	if seen[in.Discarder] {
		return impossible(fmt.Sprintf("%s cannot win on their own discard", in.Discarder))
	}
	if in.Misnamed && rs.misnamed == nil {
		return fmt.Errorf("the ruleset has no misnamed-discard rule (settlement: misnamed:): %w", scoring.ErrImpossible)
	}
	if len(winners) > 1 && rs.r.MultipleWinners.As != AllWin {
		// Head bump: the claimant nearest in turn after the discarder takes the tile.
		best := -1
		for i, w := range winners {
			if best < 0 || turnsAfter(in.Discarder, w.Seat) < turnsAfter(in.Discarder, winners[best].Seat) {
				best = i
			}
		}
		for i, w := range winners {
			if i != best {
				res.Bumped = append(res.Bumped, w.Seat)
			}
		}
		winners = winners[best : best+1]
	}
	var paid [4]bool // the winners actually paid; a bumped claimant pays like any loser
	for _, w := range winners {
		res.Winners = append(res.Winners, w.Seat)
		paid[w.Seat] = true
	}
	for _, w := range winners {
		if w.Responsible != notation.NoSeat && paid[w.Responsible] {
			return impossible(fmt.Sprintf("%s won too, so cannot be responsible for %s's win", w.Responsible, w.Seat))
		}
	}
	for _, w := range winners {
		if err := rs.pay(res, w, in, in.Discarder, &paid); err != nil {
			return err
		}
	}
	return nil
}

// selfDrawShares sets what each opponent of winner owes on a self-draw: one self-draw share each.
func (rs *resolved) selfDrawShares(winner notation.Seat, owed *[4]Amount) {
	_, each := rs.selfDraw.shares()
	for _, s := range notation.Seats {
		if s != winner {
			owed[s] = each
		}
	}
}

// turnsAfter counts the turns from a to b (1 for the next seat).
func turnsAfter(a, b notation.Seat) int { return (int(b) - int(a) + 4) % 4 }

// pay adds the payments for one winner. discarder is NoSeat on a self-draw; coWinners marks the seats
// that also won the same discard (they pay nothing to each other).
func (rs *resolved) pay(res *Result, w Winner, in Input, discarder notation.Seat, coWinners *[4]bool) error {
	// The misnamer's four times is a penalty: the jokerless doubling stacks on it only when the
	// ruleset says so (settlement: misnamed_jokerless).
	unstacked := in.Misnamed && w.Jokerless && !rs.r.MisnamedJokerless && rs.jokerless != Unit
	if unstacked {
		w.Jokerless = false
	}
	pts, desc, worth, err := rs.base(w)
	if err != nil {
		return err
	}
	if unstacked {
		desc += ", jokerless not stacked on the misnamed penalty"
	}
	res.Paid = append(res.Paid, Paid{Seat: w.Seat, Worth: worth})
	var owed [4]Amount // shares each seat owes this winner
	loser := func(s notation.Seat) bool { return s != w.Seat && (coWinners == nil || !coWinners[s]) }
	var rule, how string
	var src scoring.Source
	switch {
	case in.Kind == scoring.SevenFlowers && rs.r.SevenFlowersSelfDrawn():
		// The winner drew their own seventh: every opponent pays as on a self-draw (A prices 花糊
		// 2 + self-draw 1).
		rule, src, how = "seven-flowers", rs.r.SevenFlowers.Source, "self-drawn, "
		rs.selfDrawShares(w.Seat, &owed)
	case discarder == notation.NoSeat:
		rule, src = ruleID("self-draw", rs.r.SelfDraw), rs.selfDraw.Source
		rs.selfDrawShares(w.Seat, &owed)
	case in.Kind == scoring.RobbingKong && rs.r.RobbingKong.As == RobAsSelfDraw:
		// 搶槓當自摸: the konger alone pays every share of a self-draw.
		rule, src, how = "robbing-kong", rs.r.RobbingKong.Source, "as a self-draw, "
		_, each := rs.selfDraw.shares()
		owed[discarder] = each * 3
	default:
		c := rs.discard
		rule, src = ruleID("discard", rs.r.Discard), c.Source
		switch {
		case in.Misnamed:
			c = rs.misnamed
			rule, src = ruleID("misnamed", rs.r.Misnamed), c.Source
		case in.Kind == scoring.RobbingKong:
			rule, src, how = "robbing-kong", rs.r.RobbingKong.Source, "as a discard ("+rs.r.Discard+"), "
		case in.Kind == scoring.SevenFlowers:
			rule, how = "seven-flowers", "the drawer of the eighth flower, as a discard ("+rs.r.Discard+"), "
			if rs.r.SevenFlowers.Source.Line != 0 {
				src = rs.r.SevenFlowers.Source
			}
		}
		dShares, oShares := c.shares()
		for _, s := range notation.Seats {
			switch {
			case !loser(s):
			case s == discarder:
				owed[s] = dShares
			default:
				owed[s] = oShares
			}
		}
	}
	if w.Responsible != notation.NoSeat {
		t := rs.r.Responsibility[w.Trigger]
		if t == nil || t.applies(in.Kind) {
			total := owed[0] + owed[1] + owed[2] + owed[3]
			how = fmt.Sprintf("pays the whole %s alone, %s", rule, how)
			rule, src = "responsibility", scoring.Source{}
			if t != nil {
				rule, src = "responsibility/"+w.Trigger, t.Source
			}
			owed = [4]Amount{}
			owed[w.Responsible] = total
		}
	}
	for _, s := range notation.Seats {
		if owed[s] == 0 {
			continue
		}
		a, err := owed[s].Mul(pts)
		if err != nil {
			return err
		}
		res.Payments = append(res.Payments, Payment{From: s, To: w.Seat, Amount: a, Rule: rule,
			Detail: fmt.Sprintf("%s%s × %s (%s)", how, sharesText(owed[s]), pts, desc), Source: src})
	}
	return nil
}

// ruleID names a payment case: the case id, prefixed with its role when the id does not say it.
func ruleID(role, id string) string {
	if id == role || strings.HasPrefix(id, role) {
		return id
	}
	return role + "/" + id
}

func sharesText(s Amount) string {
	if s == Unit {
		return "1 share"
	}
	return s.String() + " shares"
}
