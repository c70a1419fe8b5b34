package riichi

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// settleRefused are the settle fields of the other families, each with the hint to give instead.
var settleRefused = family.Refusals{
	"faan":      "riichi hands are worth han and fu: --han N --fu N, or --yakuman N",
	"value":     "riichi hands are worth han and fu: --han N --fu N, or --yakuman N",
	"limit":     "give a limit hand's han (--han 5 is a mangan) or --yakuman N",
	"jokerless": "riichi plays no jokers",
	"misnamed":  "",
	"card":      "",
	"hand":      "give the winner's hand as the argument: mjref settle HAND --seat S ...",
	"points":    "",
	"totals":    "",
	"mahjong":   "name the winner with --winner SEAT",
	"false-win": "a riichi false win (chombo) is not settled by mjref yet",
	"wall":      "an exhaustive draw is --drawn, with --tenpai SEATS",
}

// SettleRound settles a riichi hand: a ron (one winner, or several per multiple_ron), a tsumo, an
// exhaustive draw with its noten payments or nagashi mangan, or an abortive draw. The counters
// on the table go as package scoring/riichi settles them: 300 a honba and the riichi sticks to
// the winner (the first from the discarder on a double ron).
func (r *rules) SettleRound(req family.RoundRequest) (family.Settlement, error) {
	v := &SettleView{Ruleset: r.rs.Name, Honba: req.Situation.Extra.Count(fieldHonba), Sticks: req.Situation.Extra.Count(fieldSticks), Payments: []PaymentView{}, Deltas: family.TableInts{Seats: r.opt.Players}}
	if r.opt.Players == 3 {
		for _, f := range []struct {
			flag  string
			seats []notation.Seat
		}{{"winner", req.Winners}, {"discarder", []notation.Seat{req.Discarder}}, {"responsible", []notation.Seat{req.Responsible}},
			{"tenpai", req.Tenpai}, {"nagashi", req.Nagashi}} {
			if slices.Contains(f.seats, notation.SeatNorth) {
				return nil, family.WithHint(family.Usagef("--%s N: ruleset %s is for three players, who sit E, S and W", f.flag, r.rs.Name), "name a seat E, S or W")
			}
		}
	}
	switch {
	case req.Abortive != "":
		return r.settleAbortive(req, v)
	case req.Drawn:
		return r.settleDraw(req, v)
	}
	v.Outcome = "ron"
	if req.Situation.Win.SelfDrawn() {
		v.Outcome = "tsumo"
	}
	if req.Discarder != notation.NoSeat {
		v.Discarder = req.Discarder.String()
	}
	var wins []rscore.Win
	for i, seat := range req.Winners {
		w, ok, err := r.win(req, i, seat, v)
		if err != nil || !ok {
			return v, err
		}
		wins = append(wins, w)
	}
	if v.Outcome == "ron" {
		// Winners in turn order from the discarder, as they are paid.
		after := func(seat string) int {
			s, _ := notation.ParseSeat(seat)
			return (int(s) - int(req.Discarder) + 4) % 4
		}
		slices.SortStableFunc(v.Winners, func(a, b WinnerView) int { return after(a.Seat) - after(b.Seat) })
	}
	var st rscore.Settlement
	var err error
	if v.Outcome == "tsumo" {
		st, err = rscore.SettleTsumo(wins[0], req.Situation.Extra.Count(fieldHonba), req.Situation.Extra.Count(fieldSticks), &r.opt)
	} else {
		st, err = rscore.SettleRon(rscore.Wind(req.Discarder), wins, req.Situation.Extra.Count(fieldHonba), req.Situation.Extra.Count(fieldSticks), &r.opt)
	}
	if err != nil {
		return nil, family.Usagef("%v", err)
	}
	v.fill(&st)
	return v, nil
}

// win values winner i of req (its hand scored, or its han and fu), with the pao its hand brings.
// ok is false, with v's reason set, when the hand is not a win.
func (r *rules) win(req family.RoundRequest, i int, seat notation.Seat, v *SettleView) (rscore.Win, bool, error) {
	w := rscore.Win{Seat: rscore.Wind(seat), Pao: rscore.NoPao}
	dealer := seat == notation.SeatEast
	wv := WinnerView{Seat: seat.String()}
	var paoYakuman []rscore.Yaku // the yakuman of the hand the responsible seat answers for
	if req.Hand != nil {
		sit := req.Situation
		sit.Discarder = notation.NoSeat // who pays is settlement's, not the score's
		sc, err := r.Score(req.Hand, sit)
		if err != nil {
			return w, false, err
		}
		s := sc.(*Scored)
		v.Hand, v.Score = s.Hand, s.Result
		if !s.IsWin {
			v.Reason = "not a win: " + s.Reason
			return w, false, nil
		}
		w.Pay = rscore.Payment{Ron: s.Points.Ron, TsumoDealer: s.Points.TsumoDealer, TsumoOther: s.Points.TsumoOther, TsumoTotal: s.Points.TsumoTotal}
		w.Units = s.Yakuman
		wv.Han, wv.Fu, wv.Yakuman, wv.Worth = s.Han, s.Fu, s.Yakuman, s.summary()
		for _, y := range s.Yaku {
			if yk := rscore.YakuByID(y.ID); y.Yakuman > 0 && r.opt.PaoFor(yk) {
				paoYakuman = append(paoYakuman, yk)
				w.PaoUnits += y.Yakuman
			}
		}
		if len(paoYakuman) > 0 && req.Responsible == notation.NoSeat {
			seat, err := feeder(req.Hand, paoYakuman[0])
			if err != nil {
				return w, false, err
			}
			if seat == notation.NoSeat {
				v.Notes = append(v.Notes, fmt.Sprintf("pao applies to %s, but no meld says who fed it: mark the meld ([777z@E]) or give --responsible SEAT", paoYakuman[0]))
			}
			req.Responsible = seat
		}
		if req.Responsible != notation.NoSeat && len(paoYakuman) == 0 {
			return w, false, family.WithHint(family.Usagef("--responsible %s: the hand has no yakuman with pao under ruleset %s (riichi: pao: %s)", req.Responsible, r.rs.Name, yakuList(r.opt.Pao)),
				"leave --responsible out")
		}
	} else {
		han, fu, yakuman := at(req.Han, i), at(req.Fu, i), at(req.Yakuman, i)
		if err := checkWorth(han, fu, yakuman, req.Han != nil, req.Fu != nil); err != nil {
			return w, false, err
		}
		w.Pay = rscore.Value(han, fu, yakuman, dealer, &r.opt)
		w.Units = yakuman
		if yakuman > 0 {
			han, fu = 0, 0
		}
		wv.Han, wv.Fu, wv.Yakuman = han, fu, yakuman
		s := Scored{Result: &Result{Han: han, Fu: fu, Yakuman: yakuman, Limit: w.Pay.Limit.String(), Dealer: dealer,
			Points: PointsView{Ron: w.Pay.Ron, TsumoDealer: w.Pay.TsumoDealer, TsumoOther: w.Pay.TsumoOther, TsumoTotal: w.Pay.TsumoTotal}}, tsumo: req.Situation.Win.SelfDrawn()}
		wv.Worth = s.summary()
		if req.Responsible != notation.NoSeat {
			if yakuman == 0 {
				return w, false, family.WithHint(family.Usagef("--responsible %s: pao is for a yakuman (riichi: pao: %s), and the hand is worth %d han", req.Responsible, yakuList(r.opt.Pao), han),
					"give --yakuman N, or the hand itself")
			}
			if len(r.opt.Pao) == 0 {
				return w, false, family.Usagef("--responsible %s: ruleset %s plays no pao (riichi: pao: [])", req.Responsible, r.rs.Name)
			}
			w.PaoUnits = 1 // the yakuman the seat fed; the rest of a stacked hand is the winner's own
		}
	}
	if req.Responsible != notation.NoSeat && w.PaoUnits > 0 {
		if req.Responsible == seat {
			return w, false, family.Usagef("--responsible %s is the winner: nobody is responsible for their own win", seat)
		}
		w.Pao = rscore.Wind(req.Responsible)
		if r.opt.PaoWholeHand {
			w.PaoUnits = w.Units
		}
		wv.Responsible = req.Responsible.String()
		wv.PaoUnits = w.PaoUnits
		if w.Pao == rscore.Wind(req.Discarder) {
			v.Notes = append(v.Notes, fmt.Sprintf("%s fed the yakuman and dealt in: pays it alone", req.Responsible))
		}
	}
	v.Winners = append(v.Winners, wv)
	return w, true, nil
}

func at(nums []int, i int) int {
	if i < len(nums) {
		return nums[i]
	}
	return 0
}

// checkWorth refuses han and fu no hand scores: fu are 20, 25 or 30 to 110 in tens (not needed
// from 5 han); 20 fu (pinfu by self-draw) and 25 (seven pairs) come with 2 han or more.
func checkWorth(han, fu, yakuman int, hanGiven, fuGiven bool) error {
	switch {
	case yakuman > 0 && (hanGiven || fuGiven):
		return family.Usagef("--yakuman with --han or --fu: a yakuman is paid by its units alone")
	case yakuman > 6:
		return family.Usagef("--yakuman %d: at most 6 yakuman in one hand", yakuman)
	case yakuman > 0:
		return nil
	case han < 1:
		return family.WithHint(family.Usagef("--han %d: a winning hand has 1 han or more", han), "a yakuman is --yakuman N")
	case han >= 5 && fuGiven && fu != 0 && !validFu(fu):
		return family.Usagef("--fu %d: fu are 20, 25 or 30 to 110 in tens", fu)
	case han >= 5:
		return nil
	case !fuGiven:
		return family.WithHint(family.Usagef("--han %d without --fu: below 5 han the fu count", han), "e.g. --han 2 --fu 30")
	case !validFu(fu):
		return family.Usagef("--fu %d: fu are 20, 25 or 30 to 110 in tens", fu)
	case han == 1 && (fu == 20 || fu == 25):
		return family.Usagef("--han 1 --fu %d: no hand scores that (20 fu is pinfu by self-draw, 25 seven pairs: 2 han or more)", fu)
	}
	return nil
}

func validFu(fu int) bool { return fu == 20 || fu == 25 || (fu >= 30 && fu <= 110 && fu%10 == 0) }

// feeder finds the seat responsible for the pao yakuman y in h from the marks of its melds (@SEAT):
// the seat that fed the last of its sets (the third dragon set, the fourth wind set, the fourth
// kan). NoSeat when no meld is marked; an error when several are and the last one is not known.
func feeder(h *notation.Hand, y rscore.Yaku) (notation.Seat, error) {
	var marked []notation.Meld
	for _, m := range h.Melds {
		counts := false
		switch y {
		case rscore.Daisangen:
			counts = m.IsSet() && m.Tile >= notation.White && m.Tile <= notation.Red
		case rscore.Daisuushii:
			counts = m.IsSet() && m.Tile >= notation.East && m.Tile <= notation.North
		case rscore.Suukantsu:
			counts = m.IsKong() && !m.Concealed
		}
		if counts && m.From != notation.NoSeat {
			marked = append(marked, m)
		}
	}
	switch len(marked) {
	case 0:
		return notation.NoSeat, nil
	case 1:
		return marked[0].From, nil
	}
	return notation.NoSeat, family.WithHint(family.Usagef("pao for %s: %d melds are marked with the seat that fed them, and only the last one makes the feeder responsible", y, len(marked)),
		"mark only the meld that completed it, or name the seat with --responsible SEAT")
}

func yakuList(ys []rscore.Yaku) string {
	if len(ys) == 0 {
		return "[]"
	}
	ids := make([]string, len(ys))
	for i, y := range ys {
		ids[i] = y.ID()
	}
	return "[" + strings.Join(ids, ", ") + "]"
}

// settleDraw settles an exhaustive draw: the noten payments, or nagashi mangan.
func (r *rules) settleDraw(req family.RoundRequest, v *SettleView) (family.Settlement, error) {
	v.Outcome = "draw"
	var ready [4]bool
	for _, s := range req.Tenpai {
		ready[s] = true
		v.Tenpai = append(v.Tenpai, s.String())
	}
	var nagashi []rscore.Wind
	for _, s := range req.Nagashi {
		nagashi = append(nagashi, rscore.Wind(s))
		v.Nagashi = append(v.Nagashi, s.String())
	}
	if len(nagashi) > 0 && !r.opt.Nagashi {
		return nil, family.Usagef("--nagashi: ruleset %s plays no nagashi mangan (riichi: nagashi_mangan: false)", r.rs.Name)
	}
	st := rscore.SettleDraw(ready, nagashi, &r.opt)
	switch {
	case len(nagashi) > 0:
		v.Notes = append(v.Notes, "nagashi mangan: paid as a mangan self-draw, instead of the noten payments")
	case r.opt.NotenPayment == 0:
		v.Notes = append(v.Notes, fmt.Sprintf("ruleset %s plays no noten payments", r.rs.Name))
	case len(req.Tenpai) == 0 || len(req.Tenpai) == 4:
		v.Notes = append(v.Notes, "nobody pays: all or none of the players are ready")
	}
	if req.Situation.Extra.Count(fieldSticks) > 0 {
		v.Notes = append(v.Notes, sticksStay(req.Situation.Extra.Count(fieldSticks)))
	}
	v.Settled = true
	v.fill(&st)
	return v, nil
}

// settleAbortive settles an abortive draw the ruleset plays: nobody pays, the sticks stay.
func (r *rules) settleAbortive(req family.RoundRequest, v *SettleView) (family.Settlement, error) {
	a := rscore.AbortiveByID(strings.ReplaceAll(req.Abortive, "-", "_"))
	if a == rscore.NoAbortive {
		return nil, family.WithHint(family.Usagef("--abortive %q: not an abortive draw", req.Abortive), "expected one of "+abortiveList(rscore.AllAbortives()))
	}
	if !r.opt.Plays(a) {
		return nil, family.WithHint(family.Usagef("--abortive %s: ruleset %s plays no abortive draw %s (%s)", a, r.rs.Name, a, rscore.Abortives[a].Japanese),
			"its abortive draws (riichi: abortive_draws): "+abortiveList(r.opt.AbortiveDraws))
	}
	v.Outcome, v.Abortive = "abortive", a.String()
	v.Notes = append(v.Notes, fmt.Sprintf("abortive draw %s (%s, %s): nobody pays", a, rscore.Abortives[a].Name, rscore.Abortives[a].Japanese))
	if req.Situation.Extra.Count(fieldSticks) > 0 {
		v.Notes = append(v.Notes, sticksStay(req.Situation.Extra.Count(fieldSticks)))
	}
	v.Settled = true
	v.fill(&rscore.Settlement{Abortive: true})
	return v, nil
}

func abortiveList(as []rscore.Abortive) string {
	if len(as) == 0 {
		return "none"
	}
	ids := make([]string, len(as))
	for i, a := range as {
		ids[i] = a.String()
	}
	return strings.Join(ids, ", ")
}

// SettleView is a settled riichi hand (schema/settle.json): how it ended, each winner's worth,
// every payment and each seat's change.
type SettleView struct {
	Ruleset string `json:"ruleset"`
	// Hand is the winner's hand when it was scored first; Score its scored result.
	Hand string `json:"hand,omitempty"`
	// Settled is false when the hand given is not a win (exit 1); Reason says why.
	Settled bool   `json:"settled"`
	Reason  string `json:"reason,omitempty"`
	// Outcome is ron, tsumo, draw (exhaustive) or abortive (Abortive names it).
	Outcome   string `json:"outcome"`
	Abortive  string `json:"abortive,omitempty"`
	Discarder string `json:"discarder,omitempty"`
	// Winners are the winners paid, each with its worth.
	Winners []WinnerView `json:"winners,omitempty"`
	// Tenpai are the seats ready at an exhaustive draw; Nagashi those paid nagashi mangan.
	Tenpai  []string `json:"tenpai,omitempty"`
	Nagashi []string `json:"nagashi,omitempty"`
	// Honba and Sticks are the counters on the table before the hand; SticksTaken the riichi
	// sticks' points the winner took from the table (the deltas sum to it).
	Honba       int     `json:"honba"`
	Sticks      int     `json:"sticks"`
	SticksTaken int     `json:"sticks_taken"`
	Score       *Result `json:"score,omitempty"`
	// Payments are every payment: from a seat, or from the table (the riichi sticks).
	Payments []PaymentView `json:"payments"`
	// Deltas are each seat's change: E, S and W only under a three-player ruleset.
	Deltas family.TableInts `json:"deltas"`
	// Notes explain what was decided on the way: a head bump, an abortive draw, a pao.
	Notes []string `json:"notes,omitempty"`
}

// WinnerView is one winner of a settled riichi hand.
type WinnerView struct {
	Seat    string `json:"seat"`
	Han     int    `json:"han,omitempty"`
	Fu      int    `json:"fu,omitempty"`
	Yakuman int    `json:"yakuman,omitempty"`
	// Worth is the hand's value as mjref score prints it: "30 fu 2 han: 2,000 ron".
	Worth string `json:"worth"`
	// Responsible is the seat that pays under pao (包, sekinin barai) for PaoUnits yakuman.
	Responsible string `json:"responsible,omitempty"`
	PaoUnits    int    `json:"pao_units,omitempty"`
}

// PaymentView is one payment: From is a seat, or "table" for the riichi sticks; Why is what it
// pays for (ron, tsumo, honba, sticks, pao, noten, nagashi).
type PaymentView struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int    `json:"amount"`
	Why    string `json:"why"`
}

// SeatDeltas implements family.SeatChanges: each seat's change.
func (v *SettleView) SeatDeltas() family.SeatInts { return v.Deltas.SeatInts }

// NotSettled implements family.SeatChanges: why the hand was not settled.
func (v *SettleView) NotSettled() string { return v.Reason }

func (v *SettleView) fill(st *rscore.Settlement) {
	v.Settled = true
	for _, t := range st.Transfers {
		from := "table"
		if t.From != rscore.Pot {
			from = notation.Seat(t.From).String()
		}
		p := PaymentView{From: from, To: notation.Seat(t.To).String(), Amount: t.Amount, Why: t.Why}
		// One row per payer, payee and reason: a responsible seat pays each share of a self-draw.
		if i := slices.IndexFunc(v.Payments, func(q PaymentView) bool { return q.From == p.From && q.To == p.To && q.Why == p.Why }); i >= 0 {
			v.Payments[i].Amount += p.Amount
			continue
		}
		v.Payments = append(v.Payments, p)
	}
	v.Deltas.SeatInts = family.SeatInts(st.Deltas)
	v.SticksTaken = st.Taken()
	if st.Note != "" {
		v.Notes = append(v.Notes, st.Note)
	}
	if st.Abortive && v.Outcome != "abortive" {
		v.Outcome, v.Abortive = "abortive", rscore.Sanchahou.String()
		v.Winners = nil
	}
	if v.Outcome == "ron" && len(v.Winners) > 1 {
		// A head bump leaves only the first winner paid.
		paid := map[string]bool{}
		for _, p := range v.Payments {
			paid[p.To] = true
		}
		v.Winners = slices.DeleteFunc(v.Winners, func(w WinnerView) bool { return !paid[w.Seat] })
	}
}

// Positive says whether the hand was settled.
func (v *SettleView) Positive() bool { return v.Settled }

// Render writes how the hand ended, the winners' worth, every payment and each seat's change.
func (v *SettleView) Render(w family.Printer) error {
	fmt.Fprintf(w, "ruleset:  %s\n", v.Ruleset)
	if v.Hand != "" {
		fmt.Fprintf(w, "hand:     %s\n", v.Hand)
	}
	for _, wv := range v.Winners {
		fmt.Fprintf(w, "winner:   %s, %s\n", wv.Seat, wv.Worth)
		if wv.Responsible != "" {
			fmt.Fprintf(w, "pao:      %s is responsible (包) for %d yakuman\n", wv.Responsible, wv.PaoUnits)
		}
	}
	switch v.Outcome {
	case "ron":
		fmt.Fprintf(w, "win:      ron, discarder %s\n", v.Discarder)
	case "tsumo":
		fmt.Fprintln(w, "win:      tsumo")
	case "draw":
		ready := "nobody ready"
		if len(v.Tenpai) > 0 {
			ready = "ready: " + strings.Join(v.Tenpai, ", ")
		}
		fmt.Fprintf(w, "outcome:  exhaustive draw, %s\n", ready)
	case "abortive":
		fmt.Fprintf(w, "outcome:  abortive draw (%s)\n", v.Abortive)
	}
	if v.Honba > 0 || v.Sticks > 0 {
		fmt.Fprintf(w, "table:    %d honba, %s\n", v.Honba, plural(v.Sticks, "riichi stick"))
	}
	for _, n := range v.Notes {
		fmt.Fprintf(w, "note:     %s\n", n)
	}
	if !v.Settled {
		fmt.Fprintf(w, "verdict:  %s\n", v.Reason)
		return nil
	}
	if len(v.Payments) == 0 {
		fmt.Fprintln(w, "payments: none")
	} else {
		rows := make([][]string, 0, len(v.Payments))
		for _, p := range v.Payments {
			rows = append(rows, []string{p.From, p.To, thousands(p.Amount), p.Why})
		}
		if err := w.Table([]string{"from", "to", "amount", "for"}, rows); err != nil {
			return err
		}
	}
	seated := v.Deltas.Seated() // E, S and W at a table of three: nobody sits North
	parts := make([]string, len(seated))
	for i, d := range seated {
		sign := ""
		if d > 0 {
			sign = "+"
		}
		if d < 0 {
			sign, d = "-", -d
		}
		parts[i] = fmt.Sprintf("%s %s%s", notation.Seat(i), sign, thousands(d))
	}
	_, err := fmt.Fprintf(w, "change:   %s\n", strings.Join(parts, ", "))
	return err
}

// sticksStay says the riichi sticks stay on the table.
func sticksStay(n int) string {
	if n == 1 {
		return "the riichi stick stays on the table for the next winner"
	}
	return fmt.Sprintf("the %d riichi sticks stay on the table for the next winner", n)
}

// plural is "1 riichi stick" or "2 riichi sticks".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
