package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/american"
	"github.com/mjref/mjref/scoring/hk"
	"github.com/mjref/mjref/scoring/points"
	"github.com/spf13/cobra"
)

// settleOptions are the flags and argument of mjref settle.
type settleOptions struct {
	IO     *IOStreams
	Output string
	// Hand is the winner's hand (hk, american); empty when the hand is settled from --faan or --value.
	Hand string
	// Changed lists the flags given on the command line, so each family can refuse the others' flags.
	Changed []string

	Faan, Value, Winners             string
	Limit                            bool
	Seat, Prevailing, Win, Discarder string
	Responsible, FalseWin            string
	LastTile, Drawn, Wall            bool
	Jokerless, Misnamed              bool
	Card                             string
	Hands, Points, Totals            []string // DeBurger: SEAT=HAND, SEAT=N lists
	Mahjong                          string
}

func newSettleCmd(f *factory, runF func(*settleOptions) error) *cobra.Command {
	o := &settleOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "settle [HAND]",
		Short: "Say who pays whom once a hand is over, with the rule behind every payment",
		Long: `Settle a hand under the ruleset chosen with --rules (default hk).

Hong Kong (hk, hk-oldstyle) and American (american): from the hand's worth or from the hand itself.
  --faan N --winner SEAT          a Hong Kong win worth N faan (--limit: a limit hand)
  --value N --winner SEAT         an American win on a card line worth N (--jokerless, --misnamed)
  HAND --seat SEAT                score the winner's hand first (exit 1 if it is not a win); in Hong
                                  Kong a meld's @SEAT mark (which seat fed it) finds the player
                                  responsible (包) for a third dragon, fourth wind or fourth kong
  --discarder SEAT or --win self-draw says how the tile came; --responsible SEAT names the player who
  pays alone under 包. Several claimants of one discard: --winner S,N (head bump or all, per the
  ruleset's settlement: multiple_winners). A drawn hand (--drawn, or --wall) pays nothing; a false
  win (--false-win SEAT) pays the ruleset's penalty.
  Output: every payment (from, to, amount, rule, detail) and each seat's change.

DeBurger (deburger-2026): every player scores each hand.
  --hand E=HAND --hand S=HAND ... --mahjong SEAT --win self-draw|discard   score the four hands
  --points E=2700,S=1800,W=-400,N=0                                        or give their points
  --totals E=9000,S=...     the running totals before this hand: prints the new totals and, once
                            someone reaches the target, the winner of the game

Exit status: 0 settled, 1 the hand given is not a win, 2 bad input.`,
		Example: `  mjref settle --faan 3 --winner S --win self-draw
  mjref settle --faan 6 --winner S --discarder W --set settlement.discard=half
  mjref settle --limit --winner N --win self-draw --responsible E
  mjref settle '[555z@E] [666z] [777z] 123m 9p+9p' --seat N --win discard --discarder W
  mjref settle --faan 5 --winner S,N --discarder W -o json
  mjref settle --rules american --value 25 --winner S --discarder W --jokerless
  mjref settle --rules deburger-2026 --points E=2700,S=1800,W=-400,N=0 --totals E=9000,S=4000,W=0,N=100`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 && args[0] == "-" {
				return usageErrorf("settle takes one hand as an argument, not '-': it settles one hand at a time")
			}
			o.Hand, o.Output = strings.Join(args, " "), f.Output
			o.Changed = changedFlags(cmd)
			return dispatch(cmd, f, o, runF, settleRun)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&o.Faan, "faan", "", "Hong Kong: the winning hand's faan (a list N,M for several winners)")
	fl.StringVar(&o.Value, "value", "", "American: the card line's value (a list N,M for several winners)")
	fl.BoolVar(&o.Limit, "limit", false, "Hong Kong: a limit hand, paid at the ruleset's limit")
	fl.StringVar(&o.Winners, "winner", "", "the winner's seat E|S|W|N; several claimants of one discard: S,N")
	fl.StringVar(&o.Seat, "seat", "", "with HAND: the winner's seat wind E|S|W|N (default E)")
	fl.StringVar(&o.Prevailing, "prevailing", "E", "with HAND: the prevailing (round) wind E|S|W|N")
	fl.StringVar(&o.Win, "win", "", "how the hand was won: "+strings.Join(scoring.WinKinds(), "|")+" (default discard when --discarder is given)")
	fl.StringVar(&o.Discarder, "discarder", "", "the seat that discarded the winning tile (or made the robbed kong)")
	fl.BoolVar(&o.LastTile, "last-tile", false, "with HAND: the win was on the last tile of the wall (self-draw or a replacement) or the last discard; not with robbing-kong, heavenly or earthly")
	fl.StringVar(&o.Responsible, "responsible", "", "Hong Kong: the seat that pays alone under responsibility (包)")
	fl.BoolVar(&o.Drawn, "drawn", false, "the hand was drawn (流局): nobody pays")
	fl.BoolVar(&o.Wall, "wall", false, "a wall game (American): nobody pays; the same as --drawn")
	fl.StringVar(&o.FalseWin, "false-win", "", "the seat that declared a false win (詐糊) and pays the penalty")
	fl.BoolVar(&o.Jokerless, "jokerless", false, "American: the hand has no jokers on a line with the jokerless bonus")
	fl.BoolVar(&o.Misnamed, "misnamed", false, "American: the discarder misnamed the winning discard")
	fl.StringVar(&o.Card, "card", "", "American, with HAND: a card file or built-in card name (default: the ruleset's card)")
	fl.StringArrayVar(&o.Hands, "hand", nil, "DeBurger: one player's hand, SEAT=HAND (give all four)")
	fl.StringVar(&o.Mahjong, "mahjong", "", "DeBurger: the seat that went Mahjong")
	fl.StringArrayVar(&o.Points, "points", nil, "DeBurger: the players' points for the hand, E=2700,S=1800,W=-400,N=0")
	fl.StringArrayVar(&o.Totals, "totals", nil, "DeBurger: the running totals before this hand, E=9000,S=4000,W=0,N=100")
	completeSeats(f, cmd, "winner", "seat", "prevailing", "discarder", "responsible", "false-win", "mahjong")
	f.completeFlag(cmd, "win", fixedCompletion(scoring.WinKinds()))
	return cmd
}

// settleFlagFamilies says which families each settle flag belongs to; a flag given under another
// family is refused rather than ignored.
var settleFlagFamilies = map[string][]string{
	"faan":        {rulesets.FamilyHK},
	"limit":       {rulesets.FamilyHK},
	"responsible": {rulesets.FamilyHK},
	"prevailing":  {rulesets.FamilyHK},
	"last-tile":   {rulesets.FamilyHK},
	"value":       {rulesets.FamilyAmerican},
	"jokerless":   {rulesets.FamilyAmerican},
	"misnamed":    {rulesets.FamilyAmerican},
	"card":        {rulesets.FamilyAmerican},
	"winner":      {rulesets.FamilyHK, rulesets.FamilyAmerican},
	"seat":        {rulesets.FamilyHK, rulesets.FamilyAmerican},
	"drawn":       {rulesets.FamilyHK, rulesets.FamilyAmerican},
	"wall":        {rulesets.FamilyHK, rulesets.FamilyAmerican},
	"false-win":   {rulesets.FamilyHK, rulesets.FamilyAmerican},
	"hand":        {rulesets.FamilyDeBurger},
	"mahjong":     {rulesets.FamilyDeBurger},
	"points":      {rulesets.FamilyDeBurger},
	"totals":      {rulesets.FamilyDeBurger},
}

// settleFlagHints tells a user who reached for another family's flag what to use instead.
var settleFlagHints = map[string]string{
	rulesets.FamilyHK + " value":         "a Hong Kong hand is worth faan: use --faan N",
	rulesets.FamilyHK + " jokerless":     "jokers are played only with --rules american",
	rulesets.FamilyAmerican + " faan":    "an American hand is worth its card line's value: use --value N",
	rulesets.FamilyAmerican + " limit":   "an American hand is worth its card line's value: use --value N",
	rulesets.FamilyDeBurger + " winner":  "name the seat that went Mahjong with --mahjong SEAT",
	rulesets.FamilyDeBurger + " faan":    "give the four hands with --hand SEAT=HAND, or their points with --points E=..,S=..,W=..,N=..",
	rulesets.FamilyDeBurger + " value":   "give the four hands with --hand SEAT=HAND, or their points with --points E=..,S=..,W=..,N=..",
	rulesets.FamilyDeBurger + " seat":    "give each player's hand with --hand SEAT=HAND",
	rulesets.FamilyDeBurger + " drawn":   "the DeBurger sheet scores a hand when someone goes Mahjong",
	rulesets.FamilyHK + " mahjong":       "name the winner with --winner SEAT",
	rulesets.FamilyAmerican + " mahjong": "name the winner with --winner SEAT",
	rulesets.FamilyHK + " hand":          "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
	rulesets.FamilyAmerican + " hand":    "give the winner's hand as the argument: mjref settle HAND --seat SEAT",
}

// checkFamily refuses flags that belong to another family of rulesets.
func (o *settleOptions) checkFamily(rs *rulesets.Ruleset) error {
	if name := otherFamilyFlag(o.Changed, settleFlagFamilies, rs.Family); name != "" {
		err := usageErrorf("--%s does not apply to ruleset %s (family %s)", name, rs.Name, rs.Family)
		if h := settleFlagHints[rs.Family+" "+name]; h != "" {
			return withHint(err, h)
		}
		return err
	}
	if rs.Family == rulesets.FamilyDeBurger && o.Hand != "" {
		return withHint(usageErrorf("ruleset %s settles all four hands: a hand argument does not apply", rs.Name),
			"give each player's hand with --hand SEAT=HAND, e.g. --hand E='123m456m789p111z55s'")
	}
	return nil
}

func (o *settleOptions) changed(name string) bool { return slices.Contains(o.Changed, name) }

func settleRun(_ context.Context, o *settleOptions, f *factory) error {
	rs, err := f.Ruleset()
	if err != nil {
		return err
	}
	if err := o.checkFamily(rs); err != nil {
		return err
	}
	switch rs.Family {
	case rulesets.FamilyHK, rulesets.FamilyAmerican:
		if o.Hand != "" {
			defer plusHint(o.IO, o.Output, o.Hand, rs)
		}
		return settlePayments(o, f, rs)
	case rulesets.FamilyDeBurger:
		return settleDeBurger(o, rs)
	}
	return fmt.Errorf("ruleset %s: family %q cannot settle hands", rs.Name, rs.Family)
}

// settleView is the result of settling a Hong Kong or American hand: the library's settlement
// (outcome, winners, bumped, payments, deltas) with how the hand was given.
type settleView struct {
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
	*settle.Result

	worth []string // table output: what each winner's hand was worth
}

func settlePayments(o *settleOptions, f *factory, rs *rulesets.Ruleset) error {
	if rs.Settlement == nil {
		return withHint(fmt.Errorf("ruleset %s has no settlement: section", rs.Name), "add one, or start the ruleset with 'extends: hk'")
	}
	v := &settleView{Ruleset: rs.Name}
	in, ok, err := o.input(f, rs, v)
	if err != nil {
		return err
	}
	if ok {
		res, err := settle.Settle(rs.Settlement, in)
		switch {
		case errors.Is(err, scoring.ErrNotWinning):
			ok, v.Reason = false, err.Error()
		case err != nil:
			return settleError(rs, err)
		default:
			v.Settled, v.Result = true, &res
		}
	}
	return renderResult(o.IO.Out, o.Output, v, renderSettle, ok)
}

// settleError makes a settlement error bad input (exit 2) with a hint where one helps.
func settleError(rs *rulesets.Ruleset, err error) error {
	var re *scoring.RuleError
	switch {
	case errors.Is(err, scoring.ErrImpossible):
		return err
	case errors.As(err, &re):
		return withHint(fmt.Errorf("ruleset %s: settlement: %w", rs.Name, err), "see the section with 'mjref rules show "+rs.Name+"'")
	case errors.Is(err, settle.ErrPrecision):
		return withHint(err, "amounts are exact to four decimal places: check the faan, value and stake")
	}
	return withHint(err, "")
}

// input turns the flags (and the hand, scored first) into the settlement's input. ok is false when
// the hand given is not a win; v then holds the verdict.
func (o *settleOptions) input(f *factory, rs *rulesets.Ruleset, v *settleView) (in settle.Input, ok bool, err error) {
	drawn := o.Drawn || o.Wall
	if drawn && o.FalseWin != "" {
		return in, false, usageErrorf("--drawn and --false-win: a hand ends one way")
	}
	if drawn || o.FalseWin != "" {
		what, flag := "a drawn hand", "--drawn"
		if o.Wall {
			what, flag = "a wall game", "--wall"
		}
		if o.FalseWin != "" {
			what, flag = "a false win", "--false-win"
		}
		for _, name := range []string{"faan", "value", "limit", "winner", "seat", "win", "discarder", "responsible", "jokerless", "misnamed"} {
			if o.changed(name) {
				return in, false, usageErrorf("--%s with %s: %s has no winner", name, flag, what)
			}
		}
		if o.Hand != "" {
			return in, false, usageErrorf("a hand with %s: %s has no winning hand to score", flag, what)
		}
		if drawn {
			return settle.Input{Outcome: settle.Drawn}, true, nil
		}
		off, err := parseSeatFlag("false-win", o.FalseWin)
		if err != nil {
			return in, false, err
		}
		v.Offender = off.String()
		return settle.Input{Outcome: settle.FalseWin, Offender: off}, true, nil
	}

	kind, discarder, err := o.howWon()
	if err != nil {
		return in, false, err
	}
	in = settle.Input{Outcome: settle.Won, Kind: kind, Discarder: discarder, Misnamed: o.Misnamed}
	v.Win = kind.String()
	if discarder != notation.NoSeat {
		v.Discarder = discarder.String()
	}
	responsible, err := optionalSeat("responsible", o.Responsible, notation.NoSeat)
	if err != nil {
		return in, false, err
	}
	if o.Hand != "" {
		w, ok, err := o.scoreHand(f, rs, &in, v, responsible)
		if err != nil || !ok {
			return in, false, err
		}
		in.Winners = []settle.Winner{w}
		return in, true, nil
	}

	unit, worth := "faan", o.Faan
	if rs.Family == rulesets.FamilyAmerican {
		unit, worth = "value", o.Value
	}
	if o.Seat != "" {
		return in, false, withHint(usageErrorf("--seat is the seat of a hand's winner, and no hand is given"), "name the winner with --winner SEAT")
	}
	if o.Winners == "" {
		return in, false, withHint(usageErrorf("no winner: give --winner SEAT and the hand's --%s, or the winner's hand", unit),
			"e.g. mjref settle --"+unit+" 6 --winner S --discarder W, or mjref settle HAND --seat S --discarder W")
	}
	seats, err := parseSeatList("winner", o.Winners)
	if err != nil {
		return in, false, err
	}
	if worth == "" && !o.Limit {
		hint := "e.g. --faan 6, or --limit for a limit hand"
		if unit == "value" {
			hint = "e.g. --value 25, the card line's value"
		}
		return in, false, withHint(usageErrorf("no --%s: say what the hand is worth, or give the winner's hand", unit), hint)
	}
	var nums []int
	if worth != "" {
		if nums, err = parseWorth(unit, worth, len(seats)); err != nil {
			return in, false, err
		}
	}
	if responsible != notation.NoSeat && len(seats) > 1 {
		return in, false, usageErrorf("--responsible with several winners: settle each winner's responsibility on its own")
	}
	for i, s := range seats {
		if s == discarder {
			return in, false, usageErrorf("--discarder %s is also a winner: nobody wins on their own discard", s)
		}
		w := settle.NewWinner(s, 0)
		if nums != nil {
			w.Faan = nums[min(i, len(nums)-1)]
		}
		w.Limit = o.Limit
		w.Jokerless = o.Jokerless
		w.Responsible = responsible
		in.Winners = append(in.Winners, w)
		v.worth = append(v.worth, worthText(w, unit))
	}
	return in, true, nil
}

// howWon reads --win and --discarder: a win on a discard unless --win says otherwise.
func (o *settleOptions) howWon() (scoring.WinKind, notation.Seat, error) {
	d, err := optionalSeat("discarder", o.Discarder, notation.NoSeat)
	if err != nil {
		return 0, d, err
	}
	discarder := ""
	if d != notation.NoSeat {
		discarder = d.String()
	}
	k, err := winKind(o.Win, discarder, "SEAT")
	if err != nil {
		return 0, d, err
	}
	switch {
	case !k.SelfDrawn() && d == notation.NoSeat && k == scoring.RobbingKong:
		return 0, d, usageErrorf("--win %s needs the seat whose kong was robbed: --discarder SEAT", k)
	case !k.SelfDrawn() && d == notation.NoSeat && k == scoring.SevenFlowers:
		return 0, d, usageErrorf("--win %s needs the seat that drew the eighth flower, who pays: --discarder SEAT", k)
	case !k.SelfDrawn() && d == notation.NoSeat:
		return 0, d, usageErrorf("--win %s needs the seat that discarded the winning tile: --discarder SEAT", k)
	}
	return k, d, nil
}

// winKind reads --win for a hand whose --discarder is discarder ("" when not given): a win on a
// discard when --win is left out. who is how --discarder is written in the message (SEAT, NAME).
// A win on a discard without a discarder is left to the caller, which knows what to ask for.
func winKind(win, discarder, who string) (scoring.WinKind, error) {
	if win == "" {
		if discarder == "" {
			return 0, withHint(usageErrorf("say how the hand was won: --discarder %s for a win on a discard, or --win self-draw", who),
				"--win takes "+strings.Join(scoring.WinKinds(), "|"))
		}
		win = scoring.Discard.String()
	}
	k, err := scoring.ParseWinKind(win)
	if err != nil {
		return 0, usageErrorf("--win: %v", err)
	}
	if k.SelfDrawn() && discarder != "" {
		return 0, usageErrorf("--discarder %s with --win %s: a self-drawn tile has no discarder", discarder, k)
	}
	return k, nil
}

// scoreHand scores the winner's hand and returns the winner it makes; ok is false when it is not a win.
func (o *settleOptions) scoreHand(f *factory, rs *rulesets.Ruleset, in *settle.Input, v *settleView, responsible notation.Seat) (w settle.Winner, ok bool, err error) {
	for _, name := range []string{"faan", "value", "limit", "jokerless"} {
		if o.changed(name) {
			return w, false, withHint(usageErrorf("--%s with a hand: what the hand is worth comes from scoring it", name),
				"drop the hand to settle from --"+name+", or drop --"+name)
		}
	}
	seat, err := optionalSeat("seat", o.Seat, notation.SeatEast)
	if err != nil {
		return w, false, err
	}
	if o.Winners != "" {
		seats, err := parseSeatList("winner", o.Winners)
		if err != nil {
			return w, false, err
		}
		if len(seats) > 1 {
			return w, false, withHint(usageErrorf("--winner %s with a hand: one hand has one winner", o.Winners),
				"settle several claimants from their worth: --faan N,M --winner "+o.Winners)
		}
		if o.Seat != "" && seats[0] != seat {
			return w, false, usageErrorf("--winner %s and --seat %s name different seats for the hand's winner", seats[0], seat)
		}
		seat = seats[0]
	}
	if in.Discarder == seat {
		return w, false, usageErrorf("--discarder %s is the winner's own seat: nobody wins on their own discard", seat)
	}
	if responsible == seat {
		return w, false, usageErrorf("--responsible %s is the winner: nobody is responsible for their own win", seat)
	}
	discarder := ""
	if in.Discarder != notation.NoSeat {
		discarder = in.Discarder.String()
	}
	sc, err := newScorer(f, &scoreOptions{Seat: seat.String(), Prevailing: o.Prevailing, Win: in.Kind.String(),
		Discarder: discarder, LastTile: o.LastTile, Card: o.Card})
	if err != nil {
		return w, false, err
	}
	sv, err := sc.score(family.ScoreRequest{Hand: o.Hand})
	if err != nil {
		return w, false, err
	}
	v.Hand = sv.Hand()
	switch {
	case sv.HK != nil:
		r := sv.HK
		v.Score = r
		if !r.Valid {
			v.Reason = "not a win: " + r.Reason
			return w, false, nil
		}
		// The settlement reads the table at the hand's worth after the cap by the same rule the score
		// used (hk.Rules.Bounds), and says so when the cap cut it.
		w = settle.NewWinner(seat, r.RawTotal)
		w.Limit = r.Limit
		v.worth = append(v.worth, hkWorth(seat, r))
		if r.Note != "" {
			v.Notes = append(v.Notes, r.Note)
		}
		if r.SelfDrawn && !in.Kind.SelfDrawn() {
			v.Notes = append(v.Notes, "paid as a self-draw: the hand scores as one whatever the last tile ("+strings.Join(itemIDs(r.Items), ", ")+")")
			in.Kind, in.Discarder = scoring.SelfDraw, notation.NoSeat
			v.Win, v.Discarder = in.Kind.String(), ""
		}
		if responsible != notation.NoSeat {
			w.Responsible = responsible
			return w, true, nil
		}
		h, err := notation.ParseWith(o.Hand, notationOptions(rs))
		if err != nil {
			return w, false, err
		}
		prevailing, err := parseSeatFlag("prevailing", o.Prevailing)
		if err != nil {
			return w, false, err
		}
		sit := scoring.Situation{Seat: seat, Prevailing: prevailing, Win: in.Kind, Discarder: in.Discarder, LastTile: o.LastTile}
		l, err := settle.Responsible(rs.Settlement, &h, sit)
		switch {
		case errors.Is(err, settle.ErrAmbiguous):
			return w, false, withHint(err, "name the seat with --responsible SEAT, or mark only the meld that completed it")
		case err != nil:
			return w, false, settleError(rs, err)
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
	case sv.American != nil:
		r := sv.American
		v.Score = r
		if !r.Valid {
			v.Reason = "no line matches: " + r.Reason
			return w, false, nil
		}
		w = settle.NewWinner(seat, r.Value)
		w.Jokerless = r.JokerlessBonus
		v.worth = append(v.worth, americanWorth(seat, r))
	default:
		return w, false, fmt.Errorf("ruleset %s: no scorer for family %q", rs.Name, rs.Family)
	}
	return w, true, nil
}

func itemIDs(items []scoring.Item) []string {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

func hkWorth(seat notation.Seat, r *hk.Result) string {
	s := fmt.Sprintf("%s, %d faan", seat, r.Total)
	if r.Limit {
		s += ", a limit hand"
	}
	return s
}

func americanWorth(seat notation.Seat, r *american.Result) string {
	s := fmt.Sprintf("%s, line %s (%s), value %d", seat, r.Line, r.Section, r.Value)
	if r.JokerlessBonus {
		s += ", jokerless (pays double)"
	}
	return s
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

func parseSeatFlag(flag, s string) (notation.Seat, error) {
	seat, err := notation.ParseSeat(strings.TrimSpace(s))
	if err != nil {
		return notation.NoSeat, usageErrorf("--%s: %v", flag, err)
	}
	return seat, nil
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
			return nil, usageErrorf("--%s: %s is named twice", flag, seat)
		}
		seats = append(seats, seat)
	}
	return seats, nil
}

// parseWorth reads "6" or "6,3": one number for every winner, or one each.
func parseWorth(unit, s string, winners int) ([]int, error) {
	var nums []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		switch {
		case err != nil || n < 0:
			return nil, usageErrorf("--%s %q: expected a whole number, 0 or more", unit, part)
		case n == 0 && unit == "value":
			return nil, usageErrorf("--value 0: a card line's value is positive")
		}
		nums = append(nums, n)
	}
	if len(nums) != 1 && len(nums) != winners {
		return nil, usageErrorf("--%s %s: give one number for all %d winners, or one each", unit, s, winners)
	}
	return nums, nil
}

func renderSettle(w io.Writer, v *settleView) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	}
	label := "winner:   "
	if len(v.worth) > 1 {
		label = "claimant: "
	}
	for _, s := range v.worth {
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
		case len(v.worth) > 1:
			fmt.Fprintf(w, "note:     %s: %s\n", p.Seat, p.Note)
		default:
			fmt.Fprintf(w, "note:     %s\n", p.Note)
		}
	}
	if len(v.worth) > 1 {
		fmt.Fprintf(w, "winners:  %s\n", seatsText(r.Winners))
	}
	if len(r.Bumped) > 0 {
		fmt.Fprintf(w, "bumped:   %s (head bump: the claimant next in turn after the discarder takes the tile)\n", seatsText(r.Bumped))
	}
	if err := renderPayments(w, r.Payments); err != nil {
		return err
	}
	fmt.Fprintf(w, "change:   %s\n", r.Deltas)
	return nil
}

// renderPayments prints a table of payments (from, to, amount, rule, detail, source), or "payments: none".
func renderPayments(w io.Writer, ps []settle.Payment) error {
	if len(ps) == 0 {
		fmt.Fprintln(w, "payments: none")
		return nil
	}
	rows := make([][]string, 0, len(ps))
	for _, p := range ps {
		rows = append(rows, []string{p.From.String(), p.To.String(), p.Amount.String(), p.Rule, p.Detail, p.Source.String()})
	}
	return table(w, []string{"from", "to", "amount", "rule", "detail", "source"}, rows)
}

// seatsText lists seats separated by commas: "S, N".
func seatsText(seats []notation.Seat) string { return joinText(seats, ", ") }

// seatInts is one whole number per seat; in JSON an object keyed "E", "S", "W", "N".
type seatInts [4]int

// MarshalJSON writes {"E":..,"S":..,"W":..,"N":..}.
func (s seatInts) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, n := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%q:%d", notation.Seat(i).String(), n)
	}
	return append(b, '}'), nil
}

// deburgerSettleView is a settled DeBurger hand: each player's points and, with the totals before
// the hand, the new running totals and the winner of the game once someone reaches the target.
type deburgerSettleView struct {
	Ruleset string `json:"ruleset"`
	Mahjong string `json:"mahjong,omitempty"`
	Win     string `json:"win,omitempty"`
	// Settled is false when the winner's hand is not a win (exit 1); Reason says why.
	Settled bool   `json:"settled"`
	Reason  string `json:"reason,omitempty"`
	// Players are the scored hands, when the hands were given.
	Players []deburgerPlayer `json:"players,omitempty"`
	// Points are each player's points for the hand.
	Points *seatInts `json:"points,omitempty"`
	// Previous and Totals are the running totals before and after the hand (with --totals).
	Previous *seatInts `json:"previous,omitempty"`
	Totals   *seatInts `json:"totals,omitempty"`
	Target   int       `json:"target,omitempty"`
	// Reached are the seats at or over the target, highest first; Winners win the game.
	Reached []notation.Seat `json:"reached,omitempty"`
	Winners []notation.Seat `json:"winners,omitempty"`
	Over    *bool           `json:"over,omitempty"`
	Note    string          `json:"note,omitempty"`
}

// deburgerPlayer is one player's scored hand.
type deburgerPlayer struct {
	Seat    notation.Seat `json:"seat"`
	Hand    string        `json:"hand"`
	Mahjong bool          `json:"mahjong,omitempty"`
	*points.Result
}

func settleDeBurger(o *settleOptions, rs *rulesets.Ruleset) error {
	r := rs.DeBurger
	if r == nil {
		return withHint(fmt.Errorf("ruleset %s has no deburger: section", rs.Name), "start the ruleset with 'extends: deburger-2026'")
	}
	const example = "e.g. --hand E='123m456m789p111z55s' --hand S=... --hand W=... --hand N=... --mahjong E --win self-draw, or --points E=2700,S=1800,W=-400,N=0"
	switch {
	case len(o.Hands) > 0 && len(o.Points) > 0:
		return usageErrorf("--hand and --points: give the four hands or their points, not both")
	case len(o.Hands) == 0 && len(o.Points) == 0:
		return withHint(usageErrorf("nothing to settle: give the four players' hands (--hand SEAT=HAND) or their points (--points)"), example)
	}
	v := &deburgerSettleView{Ruleset: rs.Name}
	mahjong, err := optionalSeat("mahjong", o.Mahjong, notation.NoSeat)
	if err != nil {
		return err
	}
	if mahjong != notation.NoSeat {
		v.Mahjong = mahjong.String()
	}
	var pts [4]int
	if len(o.Hands) > 0 {
		if mahjong == notation.NoSeat {
			return withHint(usageErrorf("--mahjong: name the seat that went Mahjong"), "the sheet scores the winner's 14 tiles and the others' 13")
		}
		kind, d, err := o.howWon()
		if err != nil {
			return err
		}
		if d == mahjong {
			return usageErrorf("--discarder %s went Mahjong: nobody wins on their own discard", d)
		}
		if kind.HongKongOnly() {
			return usageErrorf("--win %s is a Hong Kong win: the DeBurger sheet has no such win", kind)
		}
		v.Win = kind.String()
		var hands [4]*notation.Hand
		texts, err := seatValues("hand", o.Hands)
		if err != nil {
			return err
		}
		for i, t := range texts {
			h, err := notation.ParseWith(t, notationOptions(rs))
			if err != nil {
				return fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
			if err := refuseJokers(&h, "DeBurger"); err != nil {
				return fmt.Errorf("--hand %s: %w", notation.Seat(i), err)
			}
			hands[i] = &h
		}
		res, p, err := points.ScoreTable(hands, mahjong, kind, r)
		if errors.Is(err, scoring.ErrNotWinning) {
			v.Players = []deburgerPlayer{{Seat: mahjong, Hand: notation.Format(*hands[mahjong]), Mahjong: true, Result: &res[mahjong]}}
			v.Reason = fmt.Sprintf("%s went Mahjong, but the hand is not a win: %s", mahjong, res[mahjong].Reason)
			return renderResult(o.IO.Out, o.Output, v, renderDeBurgerTable, false)
		}
		if err != nil {
			return err
		}
		for i := range res {
			s := notation.Seat(i)
			h := *hands[i]
			if s != mahjong {
				h.Win = notation.NoTile // a non-winner has no winning tile to mark
			}
			v.Players = append(v.Players, deburgerPlayer{Seat: s, Hand: notation.Format(h), Mahjong: s == mahjong, Result: &res[i]})
		}
		pts = p
	} else {
		if o.changed("win") || o.changed("discarder") {
			return usageErrorf("--win and --discarder read the hands: with --points the points are already counted")
		}
		vals, err := seatValues("points", o.Points)
		if err != nil {
			return err
		}
		if pts, err = seatNumbers("points", vals); err != nil {
			return err
		}
	}
	v.Settled = true
	p := seatInts(pts)
	v.Points = &p
	if len(o.Totals) > 0 {
		vals, err := seatValues("totals", o.Totals)
		if err != nil {
			return err
		}
		before, err := seatNumbers("totals", vals)
		if err != nil {
			return err
		}
		race := points.NewRace(r)
		race.Totals = before
		st, err := race.Add(pts, mahjong)
		if err != nil {
			return err
		}
		prev, after := seatInts(before), seatInts(st.Totals)
		v.Previous, v.Totals, v.Target = &prev, &after, race.Target
		v.Reached, v.Winners, v.Note = st.Reached, st.Winners, st.Note
		v.Over = &st.Over
	}
	return renderResult(o.IO.Out, o.Output, v, renderDeBurgerTable, true)
}

func renderDeBurgerTable(w io.Writer, v *deburgerSettleView) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.Mahjong != "" {
		fmt.Fprintf(w, "mahjong:  %s", v.Mahjong)
		if v.Win != "" {
			fmt.Fprintf(w, ", win %s", v.Win)
		}
		fmt.Fprintln(w)
	}
	if !v.Settled {
		for _, p := range v.Players {
			fmt.Fprintf(w, "hand:     %s %s\n", p.Seat, p.Hand)
		}
		fmt.Fprintf(w, "verdict:  %s\n", v.Reason)
		return nil
	}
	header := []string{"seat"}
	if len(v.Players) > 0 {
		header = append(header, "hand", "reading")
	}
	header = append(header, "points")
	if v.Totals != nil {
		header = append(header, "before", "total")
	}
	var rows [][]string
	for i, s := range notation.Seats {
		name := s.String()
		if s.String() == v.Mahjong {
			name += " (mahjong)"
		}
		row := []string{name}
		if len(v.Players) > 0 {
			p := v.Players[i]
			row = append(row, p.Hand, string(p.Reading))
		}
		row = append(row, points.Thousands(v.Points[i]))
		if v.Totals != nil {
			row = append(row, points.Thousands(v.Previous[i]), points.Thousands(v.Totals[i]))
		}
		rows = append(rows, row)
	}
	if err := table(w, header, rows); err != nil {
		return err
	}
	if v.Totals == nil {
		return nil
	}
	switch {
	case v.Over != nil && *v.Over:
		fmt.Fprintf(w, "game:     %s %s the game (target %s)", seatsText(v.Winners), map[bool]string{true: "wins", false: "win"}[len(v.Winners) == 1], points.Thousands(v.Target))
	case len(v.Reached) > 0:
		fmt.Fprintf(w, "game:     %s reached %s, but nobody has won yet", seatsText(v.Reached), points.Thousands(v.Target))
	default:
		fmt.Fprintf(w, "game:     play on: nobody has reached %s", points.Thousands(v.Target))
	}
	if v.Note != "" {
		fmt.Fprintf(w, " (%s)", v.Note)
	}
	fmt.Fprintln(w)
	return nil
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

func seatNumbers(flag string, vals [4]string) ([4]int, error) {
	var ns [4]int
	for i, s := range vals {
		n, err := strconv.Atoi(s)
		if err != nil {
			return ns, usageErrorf("--%s %s=%q: expected a whole number of points, e.g. %s=-400", flag, notation.Seat(i), s, notation.Seat(i))
		}
		ns[i] = n
	}
	return ns, nil
}
