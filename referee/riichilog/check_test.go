package riichilog

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func win(kind ResultKind, winner, from, han, fu int) Result {
	return Result{Kind: kind, Winner: winner, From: from, Pao: -1, Valued: true, Han: han, Fu: fu}
}

// TestSettle pays results by the riichi points table (Tenhou's rules: no kiriage).
func TestSettle(t *testing.T) {
	yakuman := win(Tsumo, 2, 2, 13, 40)
	yakuman.Yaku = []Yaku{{ID: 39, Yakuman: true, Han: 13}}
	yakuman.Pao, yakuman.Honba = 0, 1
	ronPao := win(Ron, 2, 1, 13, 40)
	ronPao.Yaku, ronPao.Pao = yakuman.Yaku, 0
	withBa := func(r Result, honba, sticks int) Result { r.Honba, r.Sticks = honba, sticks; return r }
	draw := func(tenpai ...int) Result {
		return Result{Kind: DrawEnd, Winner: -1, From: -1, Pao: -1, Tenpai: tenpai, TenpaiShown: true}
	}
	tests := []struct {
		name    string
		results []Result
		i       int
		players int
		points  int
		limit   Limit
		deltas  []int
	}{
		{"non-dealer ron 1 han 30 fu", []Result{win(Ron, 1, 3, 1, 30)}, 0, 4, 1000, NoLimit, []int{0, 1000, 0, -1000}},
		{"dealer ron 2 han 30 fu", []Result{win(Ron, 0, 2, 2, 30)}, 0, 4, 2900, NoLimit, []int{2900, 0, -2900, 0}},
		{"issue 28: 2 han 30 fu, honba 2, a stick", []Result{withBa(win(Ron, 1, 3, 2, 30), 2, 1)}, 0, 4, 2000, NoLimit, []int{0, 3600, 0, -2600}},
		{"non-dealer tsumo 1 han 30 fu, honba 2", []Result{withBa(win(Tsumo, 1, 1, 1, 30), 2, 0)}, 0, 4, 1100, NoLimit, []int{-700, 1700, -500, -500}},
		{"dealer tsumo 3 han 40 fu", []Result{win(Tsumo, 0, 0, 3, 40)}, 0, 4, 7800, NoLimit, []int{7800, -2600, -2600, -2600}},
		{"30 fu 4 han is not mangan", []Result{win(Ron, 1, 0, 4, 30)}, 0, 4, 7700, NoLimit, []int{-7700, 7700, 0, 0}},
		{"40 fu 4 han is mangan", []Result{win(Ron, 1, 0, 4, 40)}, 0, 4, 8000, Mangan, []int{-8000, 8000, 0, 0}},
		{"7 han haneman", []Result{win(Ron, 1, 0, 7, 30)}, 0, 4, 12000, Haneman, []int{-12000, 12000, 0, 0}},
		{"13 han counted yakuman", []Result{win(Ron, 1, 0, 14, 30)}, 0, 4, 32000, Yakuman, []int{-32000, 32000, 0, 0}},
		{"pao pays a tsumo in full", []Result{yakuman}, 0, 4, 32000, Yakuman, []int{-32300, 0, 32300, 0}},
		{"pao pays half a ron", []Result{ronPao}, 0, 4, 32000, Yakuman, []int{-16000, -16000, 32000, 0}},
		{"double ron: the first winner takes honba and sticks", []Result{withBa(win(Ron, 1, 0, 1, 30), 1, 2), withBa(win(Ron, 2, 0, 1, 30), 1, 2)}, 0, 4, 1000, NoLimit, []int{-1300, 3300, 0, 0}},
		{"double ron: the second winner does not", []Result{withBa(win(Ron, 1, 0, 1, 30), 1, 2), withBa(win(Ron, 2, 0, 1, 30), 1, 2)}, 1, 4, 1000, NoLimit, []int{-1000, 0, 1000, 0}},
		{"three-player tsumo loss", []Result{win(Tsumo, 1, 1, 1, 30)}, 0, 3, 800, NoLimit, []int{-500, 800, -300, 0}},
		{"one tenpai", []Result{draw(2)}, 0, 4, 0, NoLimit, []int{-1000, -1000, 3000, -1000}},
		{"two tenpai", []Result{draw(0, 3)}, 0, 4, 0, NoLimit, []int{1500, -1500, -1500, 1500}},
		{"three tenpai", []Result{draw(0, 1, 3)}, 0, 4, 0, NoLimit, []int{1000, 1000, -3000, 1000}},
		{"all tenpai", []Result{draw(0, 1, 2, 3)}, 0, 4, 0, NoLimit, []int{0, 0, 0, 0}},
		{"three players, one tenpai", []Result{draw(1)}, 0, 3, 0, NoLimit, []int{-1000, 2000, -1000, 0}},
		{"abort", []Result{{Kind: AbortEnd, Draw: "yao9", Winner: -1, From: -1, Pao: -1}}, 0, 4, 0, NoLimit, []int{0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ok := Settle(Round{Dealer: 0, Results: tt.results}, tt.i, tt.players)
			if !ok {
				t.Fatal("not settled")
			}
			got := struct {
				Points int
				Limit  Limit
				Deltas []int
			}{s.Points, s.Limit, s.Deltas}
			want := struct {
				Points int
				Limit  Limit
				Deltas []int
			}{tt.points, tt.limit, tt.deltas}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			sum := 0
			for _, d := range s.Deltas {
				sum += d
			}
			if sticks := 1000 * tt.results[tt.i].Sticks; tt.i == 0 && sum != sticks {
				t.Errorf("deltas sum to %d, want the %d of sticks", sum, sticks)
			}
		})
	}
}

// TestCheckFindsDifferences changes what a log says was paid and expects Check to say so.
func TestCheckFindsDifferences(t *testing.T) {
	g := &Game{Rules: defaultRules(), Rounds: []Round{{
		Scores: []int{25000, 25000, 25000, 25000}, Dealer: 0, Number: 1,
		Results: []Result{{Kind: Ron, Winner: 1, From: 3, Pao: -1, Valued: true, Han: 2, Fu: 30, Points: 2000,
			Scores: []int{25000, 25000, 25000, 25000}, Deltas: []int{0, 2000, 0, -2100}}},
	}}, Final: &Final{Scores: []int{25000, 27000, 25000, 22900}}}
	diffs, _ := Check(g)
	var got []string
	for _, d := range diffs {
		got = append(got, d.Field+" "+d.Round)
	}
	want := []string{"sum E1", "delta E1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got)\n%s\n%v", diff, diffs)
	}
}
