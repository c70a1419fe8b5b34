package settle_test

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

// ruleVariants are the sections the properties run under: every option of hk turned each way, the club
// section and American.
func ruleVariants(t *testing.T) []*settle.Rules {
	hk := loadRules(t, "hk-settlement.yaml")
	var out []*settle.Rules
	for _, table := range []string{"half-spicy", "full-spicy", "bucket"} {
		for _, stake := range []string{"二五雞", "五一", "一二蚊"} {
			for _, discard := range []string{"full", "half"} {
				for _, rob := range []string{settle.RobAsDiscard, settle.RobAsSelfDraw} {
					for _, multi := range []string{settle.HeadBump, settle.AllWin} {
						out = append(out, with(hk, func(r *settle.Rules) {
							r.Table, r.Stake, r.Discard = table, stake, discard
							r.RobbingKong.As, r.MultipleWinners.As = rob, multi
						}))
					}
				}
			}
		}
	}
	return append(out, loadRules(t, "club-settlement.yaml"), loadRules(t, "american-settlement.yaml"))
}

var seatGen = rapid.SampledFrom(notation.Seats[:])

// drawInput draws a valid outcome for r.
func drawInput(t *rapid.T, r *settle.Rules) settle.Input {
	outcome := rapid.SampledFrom([]settle.Outcome{settle.Won, settle.Won, settle.Won, settle.Drawn, settle.FalseWin}).Draw(t, "outcome")
	switch outcome {
	case settle.Drawn:
		return settle.Input{Outcome: settle.Drawn}
	case settle.FalseWin:
		return settle.Input{Outcome: settle.FalseWin, Offender: seatGen.Draw(t, "offender")}
	}
	in := settle.Input{Kind: scoring.WinKind(rapid.IntRange(0, int(scoring.Earthly)).Draw(t, "kind"))}
	american := r.Tables["value"] != nil
	perm := rapid.Permutation(notation.Seats[:]).Draw(t, "seats")
	n := 1
	if !in.Kind.SelfDrawn() {
		in.Discarder = perm[3]
		n = rapid.IntRange(1, 3).Draw(t, "winners")
		in.Misnamed = r.Misnamed != "" && rapid.Bool().Draw(t, "misnamed")
	} else {
		in.Discarder = notation.NoSeat
	}
	triggers := append([]string{""}, sortedTriggers(r)...)
	for i := range n {
		w := settle.Winner{Seat: perm[i], Responsible: notation.NoSeat}
		if american {
			w.Faan = rapid.SampledFrom([]int{25, 30, 35, 40, 45, 50, 75}).Draw(t, "value")
			w.Jokerless = rapid.Bool().Draw(t, "jokerless")
		} else {
			w.Faan = rapid.IntRange(0, 13).Draw(t, "faan")
			w.Limit = rapid.IntRange(0, 5).Draw(t, "limit") == 0
			if rapid.Bool().Draw(t, "responsible") {
				w.Responsible = rapid.SampledFrom(perm[n:]).Draw(t, "liable")
				w.Trigger = rapid.SampledFrom(triggers).Draw(t, "trigger")
			}
		}
		in.Winners = append(in.Winners, w)
	}
	return in
}

func sortedTriggers(r *settle.Rules) []string {
	var ids []string
	for id := range r.Responsibility {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// TestSettlementProperties: every settlement sums to zero across the four seats; nobody who did not
// lose pays (a winner never pays, on a false win only the offender pays, a drawn hand moves nothing);
// every payment is positive and goes to a winner (or from the offender).
func TestSettlementProperties(t *testing.T) {
	variants := ruleVariants(t)
	rapid.Check(t, func(t *rapid.T) {
		r := variants[rapid.IntRange(0, len(variants)-1).Draw(t, "rules")]
		in := drawInput(t, r)
		res, err := settle.Settle(r, in)
		if err != nil {
			t.Fatalf("Settle(%+v): %v", in, err)
		}
		var sum settle.Amount
		var fromPayments settle.Deltas
		for _, d := range res.Deltas {
			sum += d
		}
		if sum != 0 {
			t.Fatalf("deltas %v sum to %s", res.Deltas, sum)
		}
		for _, p := range res.Payments {
			if p.Amount <= 0 {
				t.Fatalf("non-positive payment %v", p)
			}
			if p.From == p.To {
				t.Fatalf("self payment %v", p)
			}
			fromPayments[p.From] -= p.Amount
			fromPayments[p.To] += p.Amount
			switch in.Outcome {
			case settle.Drawn:
				t.Fatalf("payment %v in a drawn hand", p)
			case settle.FalseWin:
				if p.From != in.Offender {
					t.Fatalf("%v: only the offender %s pays for a false win", p, in.Offender)
				}
			default:
				if slices.Contains(res.Winners, p.From) {
					t.Fatalf("winner %s pays: %v", p.From, res.Payments)
				}
				if !slices.Contains(res.Winners, p.To) {
					t.Fatalf("%s is paid but did not win: %v", p.To, res.Winners)
				}
			}
		}
		if fromPayments != res.Deltas {
			t.Fatalf("deltas %v, payments add up to %v", res.Deltas, fromPayments)
		}
		if in.Outcome == settle.Won {
			if len(res.Winners) == 0 {
				t.Fatal("a won hand with nobody paid")
			}
			for _, s := range res.Winners {
				if res.Deltas[s] <= 0 {
					t.Fatalf("winner %s gets %s", s, res.Deltas[s])
				}
			}
		}
	})
}

// TestResponsibilityMovesMoneyOnly: naming a responsible player changes who pays, never what the winner
// collects.
func TestResponsibilityMovesMoneyOnly(t *testing.T) {
	variants := ruleVariants(t)
	rapid.Check(t, func(t *rapid.T) {
		r := variants[rapid.IntRange(0, len(variants)-2).Draw(t, "rules")] // hk-family variants only
		in := drawInput(t, r)
		if in.Outcome != settle.Won || len(in.Winners) != 1 || in.Winners[0].Responsible == notation.NoSeat {
			return
		}
		liable, err := settle.Settle(r, in)
		if err != nil {
			t.Fatal(err)
		}
		plain := in
		plain.Winners = []settle.Winner{in.Winners[0]}
		plain.Winners[0].Responsible, plain.Winners[0].Trigger = notation.NoSeat, ""
		normal, err := settle.Settle(r, plain)
		if err != nil {
			t.Fatal(err)
		}
		s := in.Winners[0].Seat
		if liable.Deltas[s] != normal.Deltas[s] {
			t.Fatalf("winner collects %s with responsibility, %s without", liable.Deltas[s], normal.Deltas[s])
		}
	})
}

// TestStakeScales: settling at 一二蚊 is exactly four times 二五雞, seat by seat.
func TestStakeScales(t *testing.T) {
	hk := loadRules(t, "hk-settlement.yaml")
	low := with(hk, func(r *settle.Rules) { r.Stake = "二五雞" })
	high := with(hk, func(r *settle.Rules) { r.Stake = "一二蚊" })
	rapid.Check(t, func(t *rapid.T) {
		in := drawInput(t, hk)
		a, err := settle.Settle(low, in)
		if err != nil {
			t.Fatal(err)
		}
		b, err := settle.Settle(high, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a.Deltas {
			if a.Deltas[i]*4 != b.Deltas[i] {
				t.Fatalf("seat %d: 二五雞 %s, 一二蚊 %s", i, a.Deltas[i], b.Deltas[i])
			}
		}
	})
}
