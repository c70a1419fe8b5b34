package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/schema"
	"github.com/mjref/mjref/scoring"
)

// SettleRequest is one hand to settle, as mjref settle's flags (and a server's request body) give
// it: seats as letters (E S W N), the win as a word (see scoring.WinKinds), worths as numbers in
// text ("6", or "5,3" for several winners). A field left empty is a flag not given.
type SettleRequest struct {
	// Hand is the winner's hand, scored first (Hong Kong, American).
	Hand string `json:"hand,omitempty"`
	// Faan (Hong Kong) or Value (American) is the hand's worth, one number or one per winner;
	// Limit makes it a limit hand.
	Faan  family.NumberText `json:"faan,omitempty"`
	Value family.NumberText `json:"value,omitempty"`
	Limit bool              `json:"limit,omitempty"`
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
	Hands   []string       `json:"hands,omitempty" flag:"hand"`
	Points  family.Amounts `json:"points,omitempty"`
	Totals  family.Amounts `json:"totals,omitempty"`
	Mahjong string         `json:"mahjong,omitempty"`

	// The table's counters (family.RoundSettler: riichi; refused under another family): Han and
	// Fu, or Yakuman (units), are the hand's worth, one number or one per winner; Honba and
	// Sticks the honba and riichi sticks on the table. Tenpai are the seats ready at an exhaustive
	// draw (Drawn), Nagashi the seats paid nagashi mangan ("S,N"); Abortive ends the hand in an
	// abortive draw (an id: kyuushu_kyuuhai). With Hand, Riichi to Ura are the winner's
	// situation, as mjref score reads them.
	Han          family.NumberText `json:"han,omitempty"`
	Fu           family.NumberText `json:"fu,omitempty"`
	Yakuman      family.NumberText `json:"yakuman,omitempty"`
	Honba        int               `json:"honba,omitempty"`
	Sticks       int               `json:"sticks,omitempty"`
	Tenpai       string            `json:"tenpai,omitempty"`
	Nagashi      string            `json:"nagashi,omitempty"`
	Abortive     string            `json:"abortive,omitempty"`
	Riichi       bool              `json:"riichi,omitempty"`
	DoubleRiichi bool              `json:"double_riichi,omitempty"`
	Ippatsu      bool              `json:"ippatsu,omitempty"`
	FirstTurn    bool              `json:"first_turn,omitempty"`
	Dora         string            `json:"dora,omitempty"`
	Ura          string            `json:"ura,omitempty"`
	Kita         int               `json:"kita,omitempty"`
}

// roundFields are the request's fields only a family.RoundSettler reads, by their flags' names.
var roundFields = []string{"abortive", "dora", "double-riichi", "first-turn", "fu", "han", "honba", "ippatsu", "kita", "nagashi", "riichi", "sticks", "tenpai", "ura", "yakuman"}

// settleFields are the request's fields by their flags' names, in name order (as a command
// line's flags are visited), each with whether a request gives it.
var settleFields = []struct {
	flag  string
	given func(*SettleRequest) bool
}{
	{"abortive", func(r *SettleRequest) bool { return r.Abortive != "" }},
	{"card", func(r *SettleRequest) bool { return r.Card != "" }},
	{"discarder", func(r *SettleRequest) bool { return r.Discarder != "" }},
	{"dora", func(r *SettleRequest) bool { return r.Dora != "" }},
	{"double-riichi", func(r *SettleRequest) bool { return r.DoubleRiichi }},
	{"drawn", func(r *SettleRequest) bool { return r.Drawn }},
	{"faan", func(r *SettleRequest) bool { return r.Faan != "" }},
	{"false-win", func(r *SettleRequest) bool { return r.FalseWin != "" }},
	{"first-turn", func(r *SettleRequest) bool { return r.FirstTurn }},
	{"fu", func(r *SettleRequest) bool { return r.Fu != "" }},
	{"han", func(r *SettleRequest) bool { return r.Han != "" }},
	{"hand", func(r *SettleRequest) bool { return len(r.Hands) > 0 }},
	{"honba", func(r *SettleRequest) bool { return r.Honba != 0 }},
	{"ippatsu", func(r *SettleRequest) bool { return r.Ippatsu }},
	{"jokerless", func(r *SettleRequest) bool { return r.Jokerless }},
	{"kita", func(r *SettleRequest) bool { return r.Kita != 0 }},
	{"last-tile", func(r *SettleRequest) bool { return r.LastTile }},
	{"limit", func(r *SettleRequest) bool { return r.Limit }},
	{"mahjong", func(r *SettleRequest) bool { return r.Mahjong != "" }},
	{"misnamed", func(r *SettleRequest) bool { return r.Misnamed }},
	{"nagashi", func(r *SettleRequest) bool { return r.Nagashi != "" }},
	{"points", func(r *SettleRequest) bool { return len(r.Points) > 0 }},
	{"prevailing", func(r *SettleRequest) bool { return r.Prevailing != "" }},
	{"responsible", func(r *SettleRequest) bool { return r.Responsible != "" }},
	{"riichi", func(r *SettleRequest) bool { return r.Riichi }},
	{"seat", func(r *SettleRequest) bool { return r.Seat != "" }},
	{"sticks", func(r *SettleRequest) bool { return r.Sticks != 0 }},
	{"tenpai", func(r *SettleRequest) bool { return r.Tenpai != "" }},
	{"totals", func(r *SettleRequest) bool { return len(r.Totals) > 0 }},
	{"ura", func(r *SettleRequest) bool { return r.Ura != "" }},
	{"value", func(r *SettleRequest) bool { return r.Value != "" }},
	{"wall", func(r *SettleRequest) bool { return r.Wall }},
	{"win", func(r *SettleRequest) bool { return r.Win != "" }},
	{"winner", func(r *SettleRequest) bool { return r.Winner != "" }},
	{"yakuman", func(r *SettleRequest) bool { return r.Yakuman != "" }},
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

// refuseOthers refuses the first field of req (in name order) that the family of r does not take,
// with the family's hint: a flag given under another family is refused rather than ignored.
func refuseOthers(r family.Rules, req *SettleRequest) error {
	rs := r.Ruleset()
	_, round := r.(family.RoundSettler)
	for _, f := range settleFields {
		if !f.given(req) {
			continue
		}
		name := f.flag
		if !round && slices.Contains(roundFields, name) {
			return family.WithHint(family.Usagef("--%s is a riichi field: ruleset %s is %s", name, rs.Name, family.Title(rs)),
				"use --rules riichi (or a riichi ruleset), or leave --"+name+" out")
		}
		if ok, hint := r.Takes(family.UseSettle, name); !ok {
			err := family.Usagef("--%s does not apply to ruleset %s (family %s)", name, rs.Name, rs.Family)
			if hint != "" {
				return family.WithHint(err, hint)
			}
			return err
		}
	}
	return nil
}

// Settle says who pays whom once a hand is over: from its worth (Faan, Value) and the winners'
// seats, from the winner's hand (Hand, scored first), or, under rules that settle the whole table
// (family.TableSettler: DeBurger), from the four hands or their points. A field the ruleset's
// family does not take is refused as bad input; a hand given that is not a win is a Settlement
// whose Positive is false. Its JSON is the contract of schema/settle.json.
func (e *Engine) Settle(req SettleRequest) (family.Settlement, error) {
	if err := refuseOthers(e.rules, &req); err != nil {
		return nil, err
	}
	if ts, ok := e.rules.(family.TableSettler); ok {
		return e.settleTable(ts, req)
	}
	if rs, ok := e.rules.(family.RoundSettler); ok {
		return e.settleRound(rs, req)
	}
	return e.settlePayments(req)
}

// settlePayments settles a hand that ends in payments under the ruleset's settlement: section
// (the Hong Kong and American families): the worth is the field the family takes (faan, else
// value).
func (e *Engine) settlePayments(req SettleRequest) (*PaymentsView, error) {
	rs := e.Ruleset()
	if rs.Settlement == nil {
		return nil, family.WithHint(fmt.Errorf("ruleset %s has no settlement: section", rs.Name), "add one, or start the ruleset with 'extends: hk'")
	}
	unit := "faan"
	if ok, _ := e.rules.Takes(family.UseSettle, "faan"); !ok {
		unit = "value"
	}
	v := &PaymentsView{Ruleset: rs.Name}
	in, ok, err := e.paymentInput(&req, rs.Settlement, unit, v)
	if err != nil {
		return nil, err
	}
	if ok {
		res, err := settle.Settle(rs.Settlement, in)
		switch {
		case errors.Is(err, scoring.ErrNotWinning):
			v.Reason = err.Error()
		case err != nil:
			return nil, family.SettleError(rs, err)
		default:
			v.Settled, v.Result = true, &res
		}
	}
	return v, nil
}

// settleTable reads the four hands (or their points), the Mahjong, how it was won and the totals
// before the hand, and has the family settle the table.
func (e *Engine) settleTable(ts family.TableSettler, req SettleRequest) (family.Settlement, error) {
	rs := e.Ruleset()
	if req.Hand != "" {
		return nil, family.WithHint(family.Usagef("ruleset %s settles all four hands: a hand argument does not apply", rs.Name),
			"give each player's hand with --hand SEAT=HAND, e.g. --hand E='123m456m789p111z55s'")
	}
	const example = "e.g. --hand E='123m456m789p111z55s' --hand S=... --hand W=... --hand N=... --mahjong E --win self-draw, or --points E=2700,S=1800,W=-400,N=0"
	switch {
	case len(req.Hands) > 0 && len(req.Points) > 0:
		return nil, family.Usagef("--hand and --points: give the four hands or their points, not both")
	case len(req.Hands) == 0 && len(req.Points) == 0:
		return nil, family.WithHint(family.Usagef("nothing to settle: give the four players' hands (--hand SEAT=HAND) or their points (--points)"), example)
	}
	tr := family.TableRequest{Discarder: notation.NoSeat}
	var err error
	if tr.Mahjong, err = optionalSeat("mahjong", req.Mahjong, notation.NoSeat); err != nil {
		return nil, err
	}
	if len(req.Hands) > 0 {
		if tr.Mahjong == notation.NoSeat {
			return nil, family.WithHint(family.Usagef("--mahjong: name the seat that went Mahjong"), "the sheet scores the winner's 14 tiles and the others' 13")
		}
		if tr.Win, tr.Discarder, err = howWon(req.Win, req.Discarder, rs.Settlement); err != nil {
			return nil, err
		}
		if tr.Discarder == tr.Mahjong {
			return nil, family.Usagef("--discarder %s went Mahjong: nobody wins on their own discard", tr.Discarder)
		}
		texts, err := seatValues("hand", req.Hands)
		if err != nil {
			return nil, err
		}
		var hands [4]*notation.Hand
		for i, t := range texts {
			h, err := notation.ParseWith(t, e.rules.Family().Notation())
			if err != nil {
				return nil, fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
			hands[i] = &h
		}
		tr.Hands = &hands
	} else {
		if req.Win != "" || req.Discarder != "" {
			return nil, family.Usagef("--win and --discarder read the hands: with --points the points are already counted")
		}
		vals, err := seatValues("points", req.Points)
		if err != nil {
			return nil, err
		}
		pts, err := seatNumbers("points", vals)
		if err != nil {
			return nil, err
		}
		tr.Points = &pts
	}
	if len(req.Totals) > 0 {
		vals, err := seatValues("totals", req.Totals)
		if err != nil {
			return nil, err
		}
		before, err := seatNumbers("totals", vals)
		if err != nil {
			return nil, err
		}
		tr.Totals = &before
	}
	return ts.SettleTable(tr)
}

// PaymentsView is a hand settled in payments (the Hong Kong and American families): the library's
// settlement (outcome, winners, bumped, payments, deltas) with how the hand was given.
type PaymentsView struct {
	Ruleset string `json:"ruleset"`
	// Hand is the winner's hand when the hand was scored first.
	Hand string `json:"hand,omitempty"`
	// Settled is false when the hand given is not a win (exit 1); Reason says why.
	Settled bool   `json:"settled"`
	Reason  string `json:"reason,omitempty"`
	// Win is how the winning tile came; Discarder discarded it (or made the robbed kong).
	Win       string `json:"win,omitempty"`
	Discarder string `json:"discarder,omitempty"`
	// Offender made a false win.
	Offender string `json:"offender,omitempty"`
	// Score is the winner's scored hand when a hand was given, as score prints it
	// (schema/score.json): its hand, ruleset and situation, then the family's result.
	Score *schema.Score `json:"score,omitempty"`
	// Responsible is the responsibility (包) found from the hand's meld marks.
	Responsible *settle.Liability `json:"responsible,omitempty"`
	// Notes explain what mjref decided on the way.
	Notes []string `json:"notes,omitempty"`
	// Warnings are what the rules carried on past: the lines left out of the American card the
	// hand was matched against.
	Warnings []scoring.Warning `json:"warnings,omitempty"`
	*settle.Result

	// Worth is what each winner's hand was worth, as the table shows it ("S, 6 faan").
	Worth []string `json:"-"`
}

// Positive says whether the hand was settled.
func (v *PaymentsView) Positive() bool { return v.Settled }

func (e *Engine) paymentInput(req *SettleRequest, sr *settle.Rules, unit string, v *PaymentsView) (in settle.Input, ok bool, err error) {
	drawn := req.Drawn || req.Wall
	if drawn && req.FalseWin != "" {
		return in, false, family.Usagef("--drawn and --false-win: a hand ends one way")
	}
	if drawn || req.FalseWin != "" {
		what, flag := "a drawn hand", "--drawn"
		if req.Wall {
			what, flag = "a wall game", "--wall"
		}
		if req.FalseWin != "" {
			what, flag = "a false win", "--false-win"
		}
		for _, name := range []string{"faan", "value", "limit", "winner", "seat", "win", "discarder", "responsible", "jokerless", "misnamed"} {
			if req.given(name) {
				return in, false, family.Usagef("--%s with %s: %s has no winner", name, flag, what)
			}
		}
		if req.Hand != "" {
			return in, false, family.Usagef("a hand with %s: %s has no winning hand to score", flag, what)
		}
		if drawn {
			return settle.Input{Outcome: settle.Drawn}, true, nil
		}
		off, err := parseSeatFlag("false-win", req.FalseWin)
		if err != nil {
			return in, false, err
		}
		v.Offender = off.String()
		return settle.Input{Outcome: settle.FalseWin, Offender: off}, true, nil
	}

	kind, discarder, err := howWon(req.Win, req.Discarder, sr)
	if err != nil {
		return in, false, err
	}
	in = settle.Input{Outcome: settle.Won, Kind: kind, Discarder: discarder, Misnamed: req.Misnamed}
	v.Win = kind.String()
	if discarder != notation.NoSeat {
		v.Discarder = discarder.String()
	}
	responsible, err := optionalSeat("responsible", req.Responsible, notation.NoSeat)
	if err != nil {
		return in, false, err
	}
	if req.Hand != "" {
		w, ok, err := e.paymentHand(req, &in, v, responsible)
		if err != nil || !ok {
			return in, false, err
		}
		in.Winners = []settle.Winner{w}
		return in, true, nil
	}

	worth := string(req.Faan)
	if unit == "value" {
		worth = string(req.Value)
	}
	if req.Seat != "" {
		return in, false, family.WithHint(family.Usagef("--seat is the seat of a hand's winner, and no hand is given"), "name the winner with --winner SEAT")
	}
	if req.Winner == "" {
		return in, false, family.WithHint(family.Usagef("no winner: give --winner SEAT and the hand's --%s, or the winner's hand", unit),
			"e.g. mjref settle --"+unit+" 6 --winner S --discarder W, or mjref settle HAND --seat S --discarder W")
	}
	seats, err := parseSeatList("winner", req.Winner)
	if err != nil {
		return in, false, err
	}
	// Scoring a hand refuses a win the family does not play, or one the seats make impossible; a
	// worth given is checked here.
	if err := family.CheckWin(e.rules.Family(), kind); err != nil {
		return in, false, err
	}
	if err := firstTurnSeats(kind, seats, discarder); err != nil {
		return in, false, err
	}
	if worth == "" && !req.Limit {
		hint := "e.g. --faan 6, or --limit for a limit hand"
		if unit == "value" {
			hint = "e.g. --value 25, the card line's value"
		}
		return in, false, family.WithHint(family.Usagef("no --%s: say what the hand is worth, or give the winner's hand", unit), hint)
	}
	var nums []int
	if worth != "" {
		if nums, err = parseWorth(unit, worth, len(seats)); err != nil {
			return in, false, err
		}
	}
	if responsible != notation.NoSeat && len(seats) > 1 {
		return in, false, family.Usagef("--responsible with several winners: settle each winner's responsibility on its own")
	}
	for i, s := range seats {
		if s == discarder {
			return in, false, family.Usagef("--discarder %s is also a winner: nobody wins on their own discard", s)
		}
		w := settle.NewWinner(s, 0)
		if nums != nil {
			w.Faan = nums[min(i, len(nums)-1)]
		}
		w.Limit = req.Limit
		w.Jokerless = req.Jokerless
		w.Responsible = responsible
		in.Winners = append(in.Winners, w)
		v.Worth = append(v.Worth, worthText(w, unit))
	}
	return in, true, nil
}

// paymentHand checks the flags that go with a hand, has the family score it (against req.Card
// when given) and makes the winner it is worth. A hand that scores as a self-draw is paid as one
// (in changes), and where the family takes --responsible, a meld's @SEAT mark finds the seat
// responsible (包). ok is false, with v.Reason set, when the hand is not a win.
func (e *Engine) paymentHand(req *SettleRequest, in *settle.Input, v *PaymentsView, responsible notation.Seat) (w settle.Winner, ok bool, err error) {
	for _, name := range []string{"faan", "value", "limit", "jokerless"} {
		if req.given(name) {
			return w, false, family.WithHint(family.Usagef("--%s with a hand: what the hand is worth comes from scoring it", name),
				"drop the hand to settle from --"+name+", or drop --"+name)
		}
	}
	seat, err := optionalSeat("seat", req.Seat, notation.SeatEast)
	if err != nil {
		return w, false, err
	}
	if req.Winner != "" {
		seats, err := parseSeatList("winner", req.Winner)
		if err != nil {
			return w, false, err
		}
		if len(seats) > 1 {
			return w, false, family.WithHint(family.Usagef("--winner %s with a hand: one hand has one winner", req.Winner),
				"settle several claimants from their worth: --faan N,M --winner "+req.Winner)
		}
		if req.Seat != "" && seats[0] != seat {
			return w, false, family.Usagef("--winner %s and --seat %s name different seats for the hand's winner", seats[0], seat)
		}
		seat = seats[0]
	}
	if in.Discarder == seat {
		return w, false, family.Usagef("--discarder %s is the winner's own seat: nobody wins on their own discard", seat)
	}
	if responsible == seat {
		return w, false, family.Usagef("--responsible %s is the winner: nobody is responsible for their own win", seat)
	}
	discarder := ""
	if in.Discarder != notation.NoSeat {
		discarder = in.Discarder.String()
	}
	lastTile := req.LastTile
	sreq := ScoreRequest{Hand: req.Hand, Seat: seat.String(), Prevailing: req.Prevailing, Win: in.Kind.String(), Discarder: discarder, LastTile: &lastTile}
	rules := e.rules
	if req.Card != "" {
		if rules, err = family.Bind(e.Ruleset(), family.BindOptions{Card: req.Card, Files: e.files}); err != nil {
			return w, false, err
		}
	}
	h, err := notation.ParseWith(sreq.Hand, rules.Family().Notation())
	if err != nil {
		return w, false, err
	}
	sit, err := sreq.Situation()
	if err != nil {
		return w, false, err
	}
	sc, err := rules.Score(&h, sit)
	if err != nil {
		return w, false, err
	}
	worth := rules.Worth(sc)
	v.Hand, v.Score = sc.Head().Hand, schema.NewScore(sc)
	if ws := sc.Head().Warnings; len(ws) > 0 {
		v.Warnings = ws
	}
	if !worth.Valid {
		v.Reason = worth.NotWin + ": " + worth.Reason
		return w, false, nil
	}
	w = settle.NewWinner(seat, worth.Pay)
	w.Limit, w.Jokerless = worth.Limit, worth.Jokerless
	v.Worth = append(v.Worth, seat.String()+", "+worth.Text)
	v.Notes = append(v.Notes, worth.Notes...)
	if worth.SelfDrawn && !in.Kind.SelfDrawn() {
		v.Notes = append(v.Notes, "paid as a self-draw: the hand scores as one whatever the last tile ("+strings.Join(worth.SelfDrawnBy, ", ")+")")
		in.Kind, in.Discarder = scoring.SelfDraw, notation.NoSeat
		v.Win, v.Discarder = in.Kind.String(), ""
	}
	if ok, _ := rules.Takes(family.UseSettle, "responsible"); !ok {
		return w, true, nil
	}
	if responsible != notation.NoSeat {
		w.Responsible = responsible
		return w, true, nil
	}
	at := sit.Situation
	at.Win, at.Discarder = in.Kind, in.Discarder
	rs := e.Ruleset()
	l, err := settle.Responsible(rs.Settlement, &h, at)
	switch {
	case errors.Is(err, settle.ErrAmbiguous):
		return w, false, family.WithHint(err, "name the seat with --responsible SEAT, or mark only the meld that completed it")
	case err != nil:
		return w, false, family.SettleError(rs, err)
	}
	if l.Trigger == "" {
		return w, true, nil
	}
	v.Responsible = &l
	if l.Seat == notation.NoSeat {
		v.Notes = append(v.Notes, fmt.Sprintf("responsibility %s applies, but no meld says who fed it: mark the meld ([777z@E]) or give --responsible SEAT", l.Trigger))
		return w, true, nil
	}
	w.Responsible, w.Trigger = l.Seat, l.Trigger
	return w, true, nil
}

func worthText(w settle.Winner, unit string) string {
	var s string
	switch {
	case w.Limit:
		s = "a limit hand"
	default:
		s = fmt.Sprintf("%d faan", w.Faan)
		if unit == "value" {
			s = fmt.Sprintf("value %d", w.Faan)
		}
	}
	if w.Jokerless {
		s += ", jokerless"
	}
	return w.Seat.String() + ", " + s
}

// Render writes how the hand ended, the winners' worth, every payment and each seat's change.
func (v *PaymentsView) Render(w family.Printer) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	}
	label := "winner:   "
	if len(v.Worth) > 1 {
		label = "claimant: "
	}
	for _, s := range v.Worth {
		fmt.Fprintf(w, "%s%s\n", label, s)
	}
	switch {
	case v.Offender != "":
		fmt.Fprintf(w, "outcome:  false win by %s\n", v.Offender)
	case v.Win == "":
		fmt.Fprintln(w, "outcome:  drawn")
	case v.Discarder != "":
		fmt.Fprintf(w, "win:      %s, discarder %s\n", v.Win, v.Discarder)
	default:
		fmt.Fprintf(w, "win:      %s\n", v.Win)
	}
	if l := v.Responsible; l != nil && l.Seat != notation.NoSeat {
		src := ""
		if l.Source.Ruleset != "" {
			src = ", " + l.Source.String()
		}
		fmt.Fprintf(w, "包:       %s is responsible (%s, fed %s%s)\n", l.Seat, l.Trigger, l.Meld, src)
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	if !v.Settled {
		fmt.Fprintf(w, "verdict:  %s\n", v.Reason)
		return nil
	}
	r := v.Result
	for _, p := range r.Paid {
		switch {
		case p.Note == "":
		case len(v.Worth) > 1:
			fmt.Fprintf(w, "note:     %s: %s\n", p.Seat, p.Note)
		default:
			fmt.Fprintf(w, "note:     %s\n", p.Note)
		}
	}
	if len(v.Worth) > 1 {
		fmt.Fprintf(w, "winners:  %s\n", seatsText(r.Winners))
	}
	if len(r.Bumped) > 0 {
		fmt.Fprintf(w, "bumped:   %s (head bump: the claimant next in turn after the discarder takes the tile)\n", seatsText(r.Bumped))
	}
	if err := renderPayments(w, r.Payments); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "change:   %s\n", r.Deltas)
	return err
}

// optionalSeat reads a seat flag that may be left out, def when it is.
func optionalSeat(flag, s string, def notation.Seat) (notation.Seat, error) {
	if s == "" {
		return def, nil
	}
	return parseSeatFlag(flag, s)
}

// parseSeatList reads "S" or "S,N".
func parseSeatList(flag, s string) ([]notation.Seat, error) {
	var seats []notation.Seat
	for part := range strings.SplitSeq(s, ",") {
		seat, err := parseSeatFlag(flag, part)
		if err != nil {
			return nil, err
		}
		if slices.Contains(seats, seat) {
			return nil, family.Usagef("--%s: %s is named twice", flag, seat)
		}
		seats = append(seats, seat)
	}
	return seats, nil
}

// seatsText lists seats separated by commas: "S, N".
func seatsText(seats []notation.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = s.String()
	}
	return strings.Join(parts, ", ")
}

// parseWorth reads "6" or "6,3" (the flag unit: faan or value): one number for every winner, or
// one each.
func parseWorth(unit, s string, winners int) ([]int, error) {
	var nums []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		switch {
		case err != nil || n < 0:
			return nil, family.Usagef("--%s %q: expected a whole number, 0 or more", unit, part)
		case n == 0 && unit == "value":
			return nil, family.Usagef("--value 0: a card line's value is positive")
		}
		nums = append(nums, n)
	}
	if len(nums) != 1 && len(nums) != winners {
		return nil, family.Usagef("--%s %s: give one number for all %d winners, or one each", unit, s, winners)
	}
	return nums, nil
}

// howWon reads --win and --discarder: a win on a discard unless --win says otherwise, and a win
// on a discard (or a robbed kong, or an eighth flower) names the seat that pays for it. sr is the
// ruleset's settlement (nil for none): where it plays seven flowers self-drawn, a seven-flowers win
// has no discarder.
func howWon(win, discarder string, sr *settle.Rules) (scoring.WinKind, notation.Seat, error) {
	d, err := optionalSeat("discarder", discarder, notation.NoSeat)
	if err != nil {
		return 0, d, err
	}
	discarder = ""
	if d != notation.NoSeat {
		discarder = d.String()
	}
	k, err := winKind(win, discarder, "SEAT")
	if err != nil {
		return 0, d, err
	}
	if err := sevenFlowersHow(k, discarder, sr, "SEAT"); err != nil {
		return 0, d, err
	}
	switch {
	case sr.SelfDrawn(k):
	case d == notation.NoSeat && k == scoring.RobbingKong:
		return 0, d, family.Usagef("--win %s needs the seat whose kong was robbed: --discarder SEAT", k)
	case d == notation.NoSeat:
		return 0, d, family.Usagef("--win %s needs the seat that discarded the winning tile: --discarder SEAT", k)
	}
	return k, d, nil
}

// seatValues reads SEAT=VALUE pairs, given as repeated flags or comma lists, and requires all four.
func seatValues(flag string, args []string) ([4]string, error) {
	index := func(k string) (int, error) {
		s, err := parseSeatFlag(flag, k)
		return int(s), err
	}
	name := func(i int) string { return notation.Seat(i).String() }
	return fourValues(flag, args, "SEAT=VALUE, e.g. E=2700", "seats (E, S, W, N)", index, name)
}

// maxSeatPoints bounds a seat's points given for a hand or as a running total: the ledger's bound
// on one hand's change (no table's score reaches it), which keeps every sum of them from
// overflowing.
const maxSeatPoints = 1_000_000_000

// seatNumbers reads the four seats' values as whole numbers of points, each within
// ±maxSeatPoints.
func seatNumbers(flag string, vals [4]string) ([4]int, error) {
	var ns [4]int
	for i, s := range vals {
		n, err := strconv.Atoi(s)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return ns, family.Usagef("--%s %s=%q: expected a whole number of points, e.g. %s=-400", flag, notation.Seat(i), s, notation.Seat(i))
		}
		if err != nil || n > maxSeatPoints || n < -maxSeatPoints {
			return ns, family.Usagef("--%s %s=%s: at most 1,000,000,000 points either way", flag, notation.Seat(i), s)
		}
		ns[i] = n
	}
	return ns, nil
}

// renderPayments writes a table of payments (from, to, amount, rule, detail, source), or
// "payments: none".
func renderPayments(p family.Printer, ps []settle.Payment) error {
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
