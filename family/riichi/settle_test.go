package riichi_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/riichi"
	"pgregory.net/rapid"
)

func settle(t testing.TB, ruleset string, req engine.SettleRequest) (*riichi.SettleView, error) {
	t.Helper()
	var sets []string
	if ruleset == "riichi-sanma-split" {
		ruleset, sets = "riichi-sanma", []string{"riichi.tsumo_loss=false"}
	}
	e, err := engine.Open(ruleset, engine.Options{Set: sets})
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Settle(req)
	if err != nil {
		return nil, err
	}
	return v.(*riichi.SettleView), nil
}

// TestSettleRound settles hands through the engine under the presets: each seat's change.
func TestSettleRound(t *testing.T) {
	tests := []struct {
		name, ruleset string
		req           engine.SettleRequest
		want          family.SeatInts
	}{
		{"issue 28: 2 han 30 fu ron, 2 honba, 1 stick", "riichi",
			engine.SettleRequest{Han: "2", Fu: "30", Winner: "S", Discarder: "W", Honba: 2, Sticks: 1}, family.SeatInts{0, 3600, -2600, 0}},
		{"dealer tsumo", "riichi", engine.SettleRequest{Han: "4", Fu: "30", Winner: "E", Win: "tsumo"}, family.SeatInts{11700, -3900, -3900, -3900}},
		{"kiriage under M.League", "riichi-mleague", engine.SettleRequest{Han: "4", Fu: "30", Winner: "E", Win: "tsumo"}, family.SeatInts{12000, -4000, -4000, -4000}},
		{"double ron on Tenhou", "riichi", engine.SettleRequest{Han: "1,2", Fu: "30", Winner: "E,W", Discarder: "S", Sticks: 1},
			family.SeatInts{1500, -3500, 3000, 0}},
		{"triple ron under the EMA: all paid", "riichi-ema", engine.SettleRequest{Han: "1", Fu: "30", Winner: "E,W,N", Discarder: "S"},
			family.SeatInts{1500, -3500, 1000, 1000}},
		{"stacked yakuman with pao on Tenhou: the feeder answers for the whole hand", "riichi",
			engine.SettleRequest{Hand: "[555z@N] [666z] [777z] 111z 2z+2z", Seat: "S", Win: "tsumo"}, family.SeatInts{0, 64000, 0, -64000}},
		{"stacked yakuman with pao on Mahjong Soul: the feeder answers for its yakuman", "riichi-majsoul",
			engine.SettleRequest{Hand: "[555z@N] [666z] [777z] 111z 2z+2z", Seat: "S", Win: "tsumo"}, family.SeatInts{-16000, 64000, -8000, -40000}},
		{"noten payments, none under the presets that set 0", "riichi", engine.SettleRequest{Drawn: true, Tenpai: "N"}, family.SeatInts{-1000, -1000, -1000, 3000}},
		{"nagashi mangan for the dealer", "riichi", engine.SettleRequest{Drawn: true, Nagashi: "E"}, family.SeatInts{12000, -4000, -4000, -4000}},
		{"issue 31: sanma tsumo, two payers, tsumo loss", "riichi-sanma", engine.SettleRequest{Han: "5", Winner: "S", Win: "tsumo", Honba: 1},
			family.SeatInts{-4100, 6200, -2100, 0}},
		{"issue 31: sanma tsumo without tsumo loss: North's share split", "riichi-sanma-split", engine.SettleRequest{Han: "5", Winner: "S", Win: "tsumo"},
			family.SeatInts{-5000, 8000, -3000, 0}},
		{"issue 31: sanma dealer tsumo", "riichi-sanma", engine.SettleRequest{Han: "5", Winner: "E", Win: "tsumo"}, family.SeatInts{8000, -4000, -4000, 0}},
		{"issue 31: sanma noten, one ready: 1,000 from each (Tenhou's sanma2.xml)", "riichi-sanma", engine.SettleRequest{Drawn: true, Tenpai: "W"}, family.SeatInts{-1000, -1000, 2000, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v, err := settle(t, tc.ruleset, tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, v.Deltas.SeatInts); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSettleRoundZeroSum: whatever the hand and the preset, the seats' changes sum to the sticks
// the winner took from the table, and every stick is taken or left.
func TestSettleRoundZeroSum(t *testing.T) {
	rulesets := []string{"riichi", "riichi-wrc", "riichi-ema", "riichi-mleague", "riichi-majsoul", "riichi-sanma", "riichi-sanma-majsoul"}
	engines := map[string]*engine.Engine{}
	for _, rs := range rulesets {
		e, err := engine.Open(rs, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		engines[rs] = e
	}
	rapid.Check(t, func(t *rapid.T) {
		rs := rapid.SampledFrom(rulesets).Draw(t, "ruleset")
		seats := []string{"E", "S", "W", "N"}
		if strings.HasPrefix(rs, "riichi-sanma") {
			seats = seats[:3]
		}
		n := len(seats)
		req := engine.SettleRequest{Honba: rapid.IntRange(0, 8).Draw(t, "honba"), Sticks: rapid.IntRange(0, 4).Draw(t, "sticks")}
		worth := func() (han, fu, yakuman string) {
			if rapid.IntRange(0, 5).Draw(t, "limit") == 0 {
				return "", "", fmt.Sprint(rapid.IntRange(1, 3).Draw(t, "yakuman"))
			}
			return fmt.Sprint(rapid.IntRange(2, 13).Draw(t, "han")), fmt.Sprint(10 * rapid.IntRange(3, 11).Draw(t, "fu")), ""
		}
		switch rapid.IntRange(0, 2).Draw(t, "kind") {
		case 0: // tsumo
			req.Winner, req.Win = rapid.SampledFrom(seats).Draw(t, "winner"), "tsumo"
			req.Han, req.Fu, req.Yakuman = fmtNums(worth())
			if req.Yakuman != "" && rapid.Bool().Draw(t, "pao") {
				req.Responsible = rapid.SampledFrom(others(seats, req.Winner)).Draw(t, "responsible")
			}
		case 1: // ron, one to three winners
			d := rapid.IntRange(0, n-1).Draw(t, "discarder")
			req.Discarder = seats[d]
			var winners, hans, fus []string
			for k := 1; k < n; k++ {
				if rapid.Bool().Draw(t, "wins") || (k == n-1 && len(winners) == 0) {
					winners = append(winners, seats[(d+k)%n])
					h, f, _ := worth()
					if h == "" {
						h, f = "5", "30"
					}
					hans, fus = append(hans, h), append(fus, f)
				}
			}
			req.Winner, req.Han, req.Fu = strings.Join(winners, ","), family.NumberText(strings.Join(hans, ",")), family.NumberText(strings.Join(fus, ","))
		default: // exhaustive draw
			req.Drawn = true
			var ready []string
			for _, s := range seats {
				if rapid.Bool().Draw(t, "ready") {
					ready = append(ready, s)
				}
			}
			req.Tenpai = strings.Join(ready, ",")
		}
		v, err := engines[rs].Settle(req)
		if err != nil {
			t.Fatalf("%+v: %v", req, err)
		}
		sv := v.(*riichi.SettleView)
		sum := 0
		for _, d := range sv.Deltas.SeatInts {
			sum += d
		}
		if sum != sv.SticksTaken {
			t.Fatalf("deltas %v sum to %d, sticks taken %d", sv.Deltas, sum, sv.SticksTaken)
		}
		if sv.SticksTaken != 0 && sv.SticksTaken != 1000*req.Sticks {
			t.Fatalf("took %d of %d sticks", sv.SticksTaken, 1000*req.Sticks)
		}
		paid := 0
		for _, p := range sv.Payments {
			if p.Amount <= 0 || p.From == p.To {
				t.Fatalf("payment %+v", p)
			}
			paid += p.Amount
		}
		if sv.Outcome != "abortive" && sv.Outcome != "draw" && paid == 0 {
			t.Fatalf("a win paid nothing: %+v", sv)
		}
	})
}

func fmtNums(han, fu, yakuman string) (family.NumberText, family.NumberText, family.NumberText) {
	return family.NumberText(han), family.NumberText(fu), family.NumberText(yakuman)
}

func others(seats []string, not string) []string {
	var out []string
	for _, s := range seats {
		if s != not {
			out = append(out, s)
		}
	}
	return out
}
