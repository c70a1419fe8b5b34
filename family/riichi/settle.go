package riichi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	rscore "github.com/mjref/mjref/scoring/riichi"
)

// settleTakes are the settle flags riichi reads.
var settleTakes = map[string]bool{"han": true, "fu": true, "winner": true, "discarder": true, "win": true,
	"honba": true, "sticks": true, "drawn": true, "tenpai": true, "nagashi": true}

// SettleTakes takes a win's han and fu, the winners, the discarder or a self-draw, the honba and
// sticks, and an exhaustive draw's ready seats and nagashi.
func (r *rules) SettleTakes(flag string) (bool, string) {
	if settleTakes[flag] {
		return true, ""
	}
	switch flag {
	case "faan", "value", "limit":
		return false, "give a riichi win's worth with --han N --fu N"
	case "hand", "seat", "prevailing", "last-tile", "responsible":
		return false, "riichi settles from --han and --fu (score the hand with mjref score first); pao is not settled from the command line yet"
	}
	return false, ""
}

// SettleView is a settled riichi hand (schema/settle.json).
type SettleView struct {
	Ruleset string `json:"ruleset"`
	Settled bool   `json:"settled"`
	// Outcome is ron, tsumo, drawn or abortive.
	Outcome   string          `json:"outcome"`
	Winners   []SettleWinner  `json:"winners,omitempty"`
	Discarder string          `json:"discarder,omitempty"`
	Honba     int             `json:"honba"`
	Sticks    int             `json:"sticks"`
	Tenpai    []string        `json:"tenpai,omitempty"`
	Nagashi   []string        `json:"nagashi,omitempty"`
	Payments  []SettlePayment `json:"payments"`
	// Deltas are each seat's change; they sum to the sticks taken from the table.
	Deltas family.SeatInts `json:"deltas"`
	Note   string          `json:"note,omitempty"`
}

// SettleWinner is one winner and what the hand is worth.
type SettleWinner struct {
	Seat  string `json:"seat"`
	Han   int    `json:"han"`
	Fu    int    `json:"fu"`
	Limit string `json:"limit,omitempty"`
	// Points is the hand's worth before honba and sticks (the ron, or the self-draw total).
	Points int `json:"points"`
}

// SettlePayment is one payment; From is "table" for the riichi sticks.
type SettlePayment struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int    `json:"amount"`
	Rule   string `json:"rule"`
}

// Positive says whether the hand was settled.
func (v *SettleView) Positive() bool { return v.Settled }

func seatName(w rscore.Wind) string {
	if w == rscore.Pot {
		return "table"
	}
	return w.String()
}

func seats(flag, text string) ([]rscore.Wind, error) {
	var out []rscore.Wind
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		s, err := notation.ParseSeat(part)
		if err != nil {
			return nil, family.Usagef("--%s: %v", flag, err)
		}
		for _, o := range out {
			if o == rscore.Wind(s) {
				return nil, family.Usagef("--%s: %s twice", flag, s)
			}
		}
		out = append(out, rscore.Wind(s))
	}
	return out, nil
}

func ints(flag string, text family.NumberText, n int) ([]int, error) {
	if text == "" {
		return make([]int, n), nil
	}
	parts := strings.Split(string(text), ",")
	if len(parts) != n {
		return nil, family.Usagef("--%s: %d values for %d winners", flag, len(parts), n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 {
			return nil, family.Usagef("--%s: %q is not a count", flag, p)
		}
		out[i] = v
	}
	return out, nil
}

// Settle settles a riichi hand: a win from its han and fu, or an exhaustive draw.
func (r *rules) Settle(req family.SettleRequest) (family.Settlement, error) {
	if err := family.RefuseOthers(r, &req); err != nil {
		return nil, err
	}
	if req.Honba < 0 || req.Sticks < 0 {
		return nil, family.Usagef("--honba and --sticks are counts: 0 or more")
	}
	v := &SettleView{Ruleset: r.rs.Name, Honba: req.Honba, Sticks: req.Sticks, Payments: []SettlePayment{}}
	var st rscore.Settlement
	if req.Drawn {
		if req.Winner != "" || req.Han != "" || req.Discarder != "" {
			return nil, family.Usagef("--drawn: a drawn hand has no winner, han or discarder")
		}
		ready, err := seats("tenpai", req.Tenpai)
		if err != nil {
			return nil, err
		}
		nagashi, err := seats("nagashi", req.Nagashi)
		if err != nil {
			return nil, err
		}
		var tenpai [4]bool
		for _, s := range ready {
			tenpai[s] = true
			v.Tenpai = append(v.Tenpai, s.String())
		}
		for _, s := range nagashi {
			v.Nagashi = append(v.Nagashi, s.String())
		}
		st = rscore.SettleDraw(tenpai, nagashi, &r.opt)
		v.Outcome = "drawn"
		if len(nagashi) > 0 {
			v.Note = "nagashi mangan: paid as a mangan self-draw; noten payments are not made"
		}
		return v.finish(st), nil
	}
	if req.Tenpai != "" || req.Nagashi != "" {
		return nil, family.Usagef("--tenpai and --nagashi are for a drawn hand: add --drawn")
	}
	winners, err := seats("winner", req.Winner)
	if err != nil {
		return nil, err
	}
	if len(winners) == 0 {
		return nil, family.WithHint(family.Usagef("no winner"), "give --winner SEAT with --han and --fu, or --drawn")
	}
	if req.Han == "" {
		return nil, family.WithHint(family.Usagef("no han: riichi settles a win from its han and fu"), "give --han N --fu N")
	}
	hans, err := ints("han", req.Han, len(winners))
	if err != nil {
		return nil, err
	}
	fus, err := ints("fu", req.Fu, len(winners))
	if err != nil {
		return nil, err
	}
	wins := make([]rscore.Win, len(winners))
	for i, w := range winners {
		h, f := hans[i], fus[i]
		switch {
		case h < 1:
			return nil, family.Usagef("--han: a win has at least 1 han")
		case h < 5 && req.Fu == "":
			return nil, family.WithHint(family.Usagef("--fu: %d han needs its fu", h), "give --fu N (20 to 110, or 25 for seven pairs)")
		case h < 5 && f != 25 && (f < 20 || f > 110 || f%10 != 0):
			return nil, family.Usagef("--fu: %d is not a fu count (20 to 110 in tens, or 25)", f)
		}
		p := rscore.Value(h, f, 0, w == rscore.WindEast, &r.opt)
		wins[i] = rscore.Win{Seat: w, Pay: p, Pao: rscore.NoPao}
		pts := p.Ron
		if req.Discarder == "" {
			pts = p.TsumoTotal
		}
		v.Winners = append(v.Winners, SettleWinner{Seat: w.String(), Han: h, Fu: f, Limit: p.Limit.String(), Points: pts})
	}
	tsumo := req.Discarder == ""
	switch strings.ToLower(req.Win) {
	case "", "ron", "discard", "chankan", "robbing-kong", "houtei":
		if tsumo && req.Win != "" {
			return nil, family.Usagef("--win %s: a win on a discard needs --discarder SEAT", req.Win)
		}
		if tsumo {
			return nil, family.WithHint(family.Usagef("no --discarder: say who discarded the winning tile"), "give --discarder SEAT, or --win tsumo for a self-draw")
		}
	case "tsumo", "self-draw", "rinshan", "kong-replacement", "haitei":
		if !tsumo {
			return nil, family.Usagef("--win %s is a self-draw: leave --discarder out", req.Win)
		}
	default:
		return nil, family.Usagef("--win: unknown win %q for riichi (ron, tsumo, rinshan, chankan, haitei, houtei)", req.Win)
	}
	if tsumo {
		if len(wins) > 1 {
			return nil, family.Usagef("--winner %s: one player wins a self-draw", req.Winner)
		}
		st, err = rscore.SettleTsumo(wins[0], req.Honba, req.Sticks)
		v.Outcome = "tsumo"
	} else {
		d, perr := notation.ParseSeat(req.Discarder)
		if perr != nil {
			return nil, family.Usagef("--discarder: %v", perr)
		}
		v.Discarder = d.String()
		for _, w := range winners {
			if w == rscore.Wind(d) {
				return nil, family.Usagef("--discarder %s is a winner", d)
			}
		}
		st, err = rscore.SettleRon(rscore.Wind(d), wins, req.Honba, req.Sticks, &r.opt)
		v.Outcome = "ron"
	}
	if err != nil {
		return nil, family.Usagef("%v", err)
	}
	if st.Abortive {
		v.Outcome = "abortive"
	}
	v.Note = st.Note
	return v.finish(st), nil
}

func (v *SettleView) finish(st rscore.Settlement) *SettleView {
	v.Settled = true
	for _, t := range st.Transfers {
		v.Payments = append(v.Payments, SettlePayment{From: seatName(t.From), To: seatName(t.To), Amount: t.Amount, Rule: t.Why})
	}
	v.Deltas = family.SeatInts(st.Deltas)
	return v
}

// Render writes the winners, the payments and each seat's change.
func (v *SettleView) Render(w family.Printer) error {
	fmt.Fprintf(w, "ruleset:  %s   %s\n", v.Ruleset, v.Outcome)
	for _, x := range v.Winners {
		worth := fmt.Sprintf("%d fu %d han", x.Fu, x.Han)
		if x.Fu == 0 {
			worth = fmt.Sprintf("%d han", x.Han)
		}
		if x.Limit != "" {
			worth += " " + x.Limit
		}
		fmt.Fprintf(w, "winner:   %s, %s: %s\n", x.Seat, worth, thousands(x.Points))
	}
	if v.Honba > 0 || v.Sticks > 0 {
		fmt.Fprintf(w, "table:    %d honba, %d sticks\n", v.Honba, v.Sticks)
	}
	if v.Note != "" {
		fmt.Fprintf(w, "note:     %s\n", v.Note)
	}
	if len(v.Payments) > 0 {
		rows := make([][]string, 0, len(v.Payments))
		for _, p := range v.Payments {
			rows = append(rows, []string{p.From, p.To, thousands(p.Amount), p.Rule})
		}
		if err := w.Table([]string{"from", "to", "amount", "rule"}, rows); err != nil {
			return err
		}
	}
	var parts []string
	for i, d := range v.Deltas {
		sign := ""
		if d > 0 {
			sign = "+"
		}
		if d < 0 {
			sign = "-"
			d = -d
		}
		parts = append(parts, fmt.Sprintf("%s %s%s", notation.Seat(i), sign, thousands(d)))
	}
	fmt.Fprintf(w, "change:   %s\n", strings.Join(parts, ", "))
	return nil
}
