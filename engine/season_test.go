package engine

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/referee/ledger"
)

// Equal nets are ordered by net per hand, then more wins, then fewer deal-ins; equal on all they
// share a rank, and the tie says which decided.
func TestSeasonTies(t *testing.T) {
	w := ledger.Whole
	tests := []struct {
		name      string
		a, b      SeasonStanding
		want      int
		wantWhy   string
		wantRanks []int
	}{
		{"net decides", SeasonStanding{Player: "A", Net: w(10), Hands: 4}, SeasonStanding{Player: "B", Net: w(5), Hands: 4}, -1, "net", []int{1, 2}},
		{"per hand, ahead", SeasonStanding{Player: "A", Net: w(12), Hands: 6}, SeasonStanding{Player: "B", Net: w(12), Hands: 4}, 1,
			"B ranks higher on net per hand (+3 in 4 hands to +2 in 6)", []int{1, 2}},
		{"per hand, behind", SeasonStanding{Player: "A", Net: w(-12), Hands: 6}, SeasonStanding{Player: "B", Net: w(-12), Hands: 4}, -1,
			"A ranks higher on net per hand (-2 in 6 hands to -3 in 4)", []int{1, 2}},
		{"wins", SeasonStanding{Player: "A", Net: w(8), Hands: 4, Wins: 1}, SeasonStanding{Player: "B", Net: w(8), Hands: 4, Wins: 2}, 1,
			"B ranks higher on wins (2 to 1)", []int{1, 2}},
		{"deal-ins", SeasonStanding{Player: "A", Net: w(8), Hands: 4, Wins: 2, DealIns: 1}, SeasonStanding{Player: "B", Net: w(8), Hands: 4, Wins: 2, DealIns: 3}, -1,
			"A ranks higher on fewer deal-ins (1 to 3)", []int{1, 2}},
		{"shared", SeasonStanding{Player: "A", Net: w(8), Hands: 4, Wins: 2, DealIns: 1}, SeasonStanding{Player: "B", Net: w(8), Hands: 4, Wins: 2, DealIns: 1}, 0,
			"they share rank: equal too on net per hand, wins (2) and deal-ins (1)", []int{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range []*SeasonStanding{&tt.a, &tt.b} {
				p.PerHand = perHand(p.Net, p.Hands)
			}
			got, why := compareStanding(&tt.a, &tt.b)
			if got != tt.want || why != tt.wantWhy {
				t.Errorf("compare = %d, %q; want %d, %q", got, why, tt.want, tt.wantWhy)
			}
			tl := &tally{players: map[string]*SeasonStanding{"A": &tt.a, "B": &tt.b}, order: []string{"A", "B"}}
			out, ties := tl.standings()
			var ranks []int
			for _, s := range out {
				ranks = append(ranks, s.Rank)
			}
			if diff := cmp.Diff(tt.wantRanks, ranks); diff != "" {
				t.Errorf("ranks (-want +got):\n%s", diff)
			}
			if tt.wantWhy != "net" && len(ties) != 1 {
				t.Errorf("ties = %q, want one", ties)
			}
		})
	}
}

// A season read from real ledgers: nets are the sum of every hand's change, and one evening's
// players tie.
func TestSeasonFromLedgers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.jsonl")
	l, err := NewLedger(path, "hk", NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, req := range []LedgerRequest{
		{Winner: "Ann", Faan: "5", Discarder: "Cat"},
		{Winner: "Ben", Faan: "5", Discarder: "Dan"},
	} {
		if v, err := l.Add(req); err != nil || !v.Recorded {
			t.Fatalf("add %+v: %v", req, err)
		}
	}
	v, err := Season(SeasonOptions{Paths: []string{dir}, Explain: "Cat", Placings: "4,2,1,0"})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Rank   int
		Player string
		Net    ledger.Amount
	}
	var got []row
	for _, s := range v.Standings {
		got = append(got, row{s.Rank, s.Player, s.Net})
	}
	want := []row{{1, "Ann", ledger.Whole(36)}, {1, "Ben", ledger.Whole(36)}, {3, "Cat", ledger.Whole(-36)}, {3, "Dan", ledger.Whole(-36)}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("standings (-want +got):\n%s", diff)
	}
	if len(v.Ties) != 2 {
		t.Errorf("ties = %q, want two", v.Ties)
	}
	type placing struct {
		Rank   int
		Player string
		Points ledger.Amount
		Places []int
	}
	var places []placing
	for _, p := range v.Tournament.Standings {
		places = append(places, placing{p.Rank, p.Player, p.Points, p.Places})
	}
	half := ledger.Whole(1) / 2
	wantPlaces := []placing{{1, "Ann", ledger.Whole(3), []int{1, 0, 0, 0}}, {1, "Ben", ledger.Whole(3), []int{1, 0, 0, 0}},
		{3, "Cat", half, []int{0, 0, 1, 0}}, {3, "Dan", half, []int{0, 0, 1, 0}}}
	if diff := cmp.Diff(wantPlaces, places); diff != "" {
		t.Errorf("placings (-want +got):\n%s", diff)
	}
	if v.Explain == nil || v.Explain.Net != ledger.Whole(-36) || len(v.Explain.Evenings[0].Hands) != 2 || len(v.Explain.Evenings[0].Hands[0].Payments) != 1 {
		t.Errorf("explain = %+v", v.Explain)
	}
}

// A season of many generated evenings (as the benchmark reads) adds up: every evening counted,
// and the nets sum to zero (every Hong Kong hand is zero-sum).
func TestSeasonMany(t *testing.T) {
	dir := writeSeason(t, t.TempDir(), 12, 10)
	v, err := Season(SeasonOptions{Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	var sum ledger.Amount
	hands := 0
	for _, s := range v.Standings {
		sum += s.Net
	}
	for _, e := range v.Evenings {
		hands += e.Hands
	}
	if len(v.Evenings) != 12 || hands != 120 || sum != 0 {
		t.Errorf("%d evenings, %d hands, nets sum to %s; want 12, 120, 0", len(v.Evenings), hands, sum)
	}
}
