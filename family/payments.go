package family

import (
	"errors"
	"fmt"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

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
	// Score is the winner's scored hand (hk.Result or american.Result) when a hand was given.
	Score any `json:"score,omitempty"`
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

// PaymentHand makes the winner at seat from req.Hand, scored under the family's rules in the
// situation sreq gives: ok is false, with v.Reason set, when the hand is not a win. It may change in
// (a hand that scores as a self-draw is paid as one) and adds the score, notes, the winner's worth
// and the responsibility found to v. responsible is the seat --responsible names, or NoSeat.
type PaymentHand func(sreq ScoreRequest, seat, responsible notation.Seat, in *settle.Input, v *PaymentsView) (w settle.Winner, ok bool, err error)

// SettlePayments settles a hand that ends in payments under the ruleset's settlement: section,
// the way the Hong Kong and American families do. unit is the worth's flag ("faan" or "value");
// hand scores a winner's hand given in req.Hand.
func SettlePayments(r Rules, req SettleRequest, unit string, hand PaymentHand) (*PaymentsView, error) {
	rs := r.Ruleset()
	if rs.Settlement == nil {
		return nil, WithHint(fmt.Errorf("ruleset %s has no settlement: section", rs.Name), "add one, or start the ruleset with 'extends: hk'")
	}
	v := &PaymentsView{Ruleset: rs.Name}
	in, ok, err := paymentInput(&req, rs.Settlement, unit, hand, v)
	if err != nil {
		return nil, err
	}
	if ok {
		res, err := settle.Settle(rs.Settlement, in)
		switch {
		case errors.Is(err, scoring.ErrNotWinning):
			v.Reason = err.Error()
		case err != nil:
			return nil, SettleError(rs, err)
		default:
			v.Settled, v.Result = true, &res
		}
	}
	return v, nil
}

// paymentInput turns the request (and the hand, scored first) into the settlement's input. ok is
// false when the hand given is not a win; v then holds the verdict.
func paymentInput(req *SettleRequest, sr *settle.Rules, unit string, hand PaymentHand, v *PaymentsView) (in settle.Input, ok bool, err error) {
	drawn := req.Drawn || req.Wall
	if drawn && req.FalseWin != "" {
		return in, false, Usagef("--drawn and --false-win: a hand ends one way")
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
				return in, false, Usagef("--%s with %s: %s has no winner", name, flag, what)
			}
		}
		if req.Hand != "" {
			return in, false, Usagef("a hand with %s: %s has no winning hand to score", flag, what)
		}
		if drawn {
			return settle.Input{Outcome: settle.Drawn}, true, nil
		}
		off, err := ParseSeatFlag("false-win", req.FalseWin)
		if err != nil {
			return in, false, err
		}
		v.Offender = off.String()
		return settle.Input{Outcome: settle.FalseWin, Offender: off}, true, nil
	}

	kind, discarder, err := HowWon(req.Win, req.Discarder, sr)
	if err != nil {
		return in, false, err
	}
	in = settle.Input{Outcome: settle.Won, Kind: kind, Discarder: discarder, Misnamed: req.Misnamed}
	v.Win = kind.String()
	if discarder != notation.NoSeat {
		v.Discarder = discarder.String()
	}
	responsible, err := OptionalSeat("responsible", req.Responsible, notation.NoSeat)
	if err != nil {
		return in, false, err
	}
	if req.Hand != "" {
		w, ok, err := paymentHand(req, hand, &in, v, responsible)
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
		return in, false, WithHint(Usagef("--seat is the seat of a hand's winner, and no hand is given"), "name the winner with --winner SEAT")
	}
	if req.Winner == "" {
		return in, false, WithHint(Usagef("no winner: give --winner SEAT and the hand's --%s, or the winner's hand", unit),
			"e.g. mjref settle --"+unit+" 6 --winner S --discarder W, or mjref settle HAND --seat S --discarder W")
	}
	seats, err := ParseSeatList("winner", req.Winner)
	if err != nil {
		return in, false, err
	}
	if worth == "" && !req.Limit {
		hint := "e.g. --faan 6, or --limit for a limit hand"
		if unit == "value" {
			hint = "e.g. --value 25, the card line's value"
		}
		return in, false, WithHint(Usagef("no --%s: say what the hand is worth, or give the winner's hand", unit), hint)
	}
	var nums []int
	if worth != "" {
		if nums, err = ParseWorth(unit, worth, len(seats)); err != nil {
			return in, false, err
		}
	}
	if responsible != notation.NoSeat && len(seats) > 1 {
		return in, false, Usagef("--responsible with several winners: settle each winner's responsibility on its own")
	}
	for i, s := range seats {
		if s == discarder {
			return in, false, Usagef("--discarder %s is also a winner: nobody wins on their own discard", s)
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

// paymentHand checks the flags that go with a hand and has the family score it.
func paymentHand(req *SettleRequest, hand PaymentHand, in *settle.Input, v *PaymentsView, responsible notation.Seat) (w settle.Winner, ok bool, err error) {
	for _, name := range []string{"faan", "value", "limit", "jokerless"} {
		if req.given(name) {
			return w, false, WithHint(Usagef("--%s with a hand: what the hand is worth comes from scoring it", name),
				"drop the hand to settle from --"+name+", or drop --"+name)
		}
	}
	seat, err := OptionalSeat("seat", req.Seat, notation.SeatEast)
	if err != nil {
		return w, false, err
	}
	if req.Winner != "" {
		seats, err := ParseSeatList("winner", req.Winner)
		if err != nil {
			return w, false, err
		}
		if len(seats) > 1 {
			return w, false, WithHint(Usagef("--winner %s with a hand: one hand has one winner", req.Winner),
				"settle several claimants from their worth: --faan N,M --winner "+req.Winner)
		}
		if req.Seat != "" && seats[0] != seat {
			return w, false, Usagef("--winner %s and --seat %s name different seats for the hand's winner", seats[0], seat)
		}
		seat = seats[0]
	}
	if in.Discarder == seat {
		return w, false, Usagef("--discarder %s is the winner's own seat: nobody wins on their own discard", seat)
	}
	if responsible == seat {
		return w, false, Usagef("--responsible %s is the winner: nobody is responsible for their own win", seat)
	}
	discarder := ""
	if in.Discarder != notation.NoSeat {
		discarder = in.Discarder.String()
	}
	lastTile := req.LastTile
	sreq := ScoreRequest{Hand: req.Hand, Seat: seat.String(), Prevailing: req.Prevailing, Win: in.Kind.String(), Discarder: discarder, LastTile: &lastTile}
	return hand(sreq, seat, responsible, in, v)
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
func (v *PaymentsView) Render(w Printer) error {
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
		fmt.Fprintf(w, "winners:  %s\n", SeatsText(r.Winners))
	}
	if len(r.Bumped) > 0 {
		fmt.Fprintf(w, "bumped:   %s (head bump: the claimant next in turn after the discarder takes the tile)\n", SeatsText(r.Bumped))
	}
	if err := RenderPayments(w, r.Payments); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "change:   %s\n", r.Deltas)
	return err
}
