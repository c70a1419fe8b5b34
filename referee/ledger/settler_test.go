package ledger

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
	"go.yaml.in/yaml/v3"
)

// loadSettlement decodes a settlement: section the way the ruleset loader does.
func loadSettlement(t testing.TB, file string) *settle.Rules {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Settlement *settle.Rules `yaml:"settlement"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if err := doc.Settlement.Validate(); err != nil {
		t.Fatal(err)
	}
	if file == "hk-settlement.yaml" {
		// What the loader copies from hk: (cap 10); the minimum is left at 0 so every row can be tried.
		doc.Settlement.Bounds = scoring.Bounds{Unit: "faan", Cap: 10, Limit: 10}
	}
	return doc.Settlement
}

// TestSettlementHongKong plays hands with the real settlement, with the players moved round the
// seats, and checks the deltas by player.
func TestSettlementHongKong(t *testing.T) {
	rules := loadSettlement(t, "hk-settlement.yaml")
	path := filepath.Join(t.TempDir(), "g.jsonl")
	l, err := Create(path, hkHeader(gamerules.Length{}), WithSettler(NewSettlement(rules, nil)), WithClock(fixedClock()))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	tests := []struct {
		name string
		hand Hand
		want []Amount
	}{
		// Seed: 3 faan is 4 points; a self-draw: each opponent pays one share.
		{"dealer self-draws 3 faan", self("Ann", 3), pts(12, -4, -4, -4)},
		{"drawn", drawn(), pts(0, 0, 0, 0)},
		// Seed: 6 faan is 16; 全銃: the discarder pays three shares alone.
		{"6 faan on a discard", win("Cat", "Ben", 6), pts(0, -48, 48, 0)},
		// Ben now deals: Ann is North, Cat is South.
		{"limit hand self-drawn", Hand{Winner: "Dan", Limit: true}, pts(-64, -64, -64, 192)},
		{"false win", Hand{FalseWin: "Ann"}, nil},
		{"robbing a kong", Hand{Winner: "Ben", Win: 5, Discarder: "Dan", Faan: 4}, pts(0, 24, 0, -24)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := l.State()
			before := st.Table()
			e, err := l.Add(tt.hand)
			if err != nil {
				t.Fatal(err)
			}
			// Cross-check with settle directly, seat by seat.
			res, err := settle.Settle(rules, SettleInput(tt.hand, before))
			if err != nil {
				t.Fatal(err)
			}
			for i := range 4 {
				if e.Deltas[i] != res.Deltas[before.Seats[i]] {
					t.Errorf("%s (seat %s): %s, settle says %s", players[i], before.Seats[i], e.Deltas[i], res.Deltas[before.Seats[i]])
				}
			}
			if tt.want == nil {
				var sum Amount
				for _, d := range e.Deltas {
					sum += d
				}
				if sum != 0 || e.Deltas[0] >= 0 {
					t.Errorf("false win deltas %v", e.Deltas)
				}
				return
			}
			if diff := cmp.Diff([4]Amount(tt.want), e.Deltas); diff != "" {
				t.Errorf("deltas (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSettlementAmerican(t *testing.T) {
	rules := loadSettlement(t, "american-settlement.yaml")
	path := filepath.Join(t.TempDir(), "g.jsonl")
	h := Header{Players: players, Ruleset: "american", Family: "american", Flow: gamerules.AmericanFlow()}
	h.Flow.Length = gamerules.Length{Kind: gamerules.Games, N: 3}
	l, err := Create(path, h, WithSettler(NewSettlement(rules, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	steps := []struct {
		hand Hand
		want []Amount
	}{
		{Hand{Winner: "Ben", Value: 25}, pts(-50, 150, -50, -50)},
		{Hand{Winner: "Cat", Discarder: "Dan", Value: 30}, pts(-30, -30, 120, -60)},
		{drawn(), pts(0, 0, 0, 0)},
	}
	for i, st := range steps {
		e, err := l.Add(st.hand)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if diff := cmp.Diff([4]Amount(st.want), e.Deltas); diff != "" {
			t.Errorf("game %d deltas (-want +got):\n%s", i+1, diff)
		}
		if want := players[i]; e.Dealer != want {
			t.Errorf("game %d dealt by %s, want %s", i+1, e.Dealer, want)
		}
	}
	if s := l.State(); !s.Over || s.Reason != "3 games played" {
		t.Errorf("over %v %q", s.Over, s.Reason)
	}
}

// TestResolveClaimsGivenDeltas: a hand several players won on one discard, with the deltas given
// (--points), is not settled, but the head bump still picks the claimant next in turn after the
// discarder; deltas that pay a bumped claimant are refused; under "all" both stay winners.
func TestResolveClaimsGivenDeltas(t *testing.T) {
	rules := loadSettlement(t, "hk-settlement.yaml")
	// Ann E, Ben S, Cat W, Dan N: after Cat (W) comes Dan (N), then Ann, then Ben.
	table := Table{Players: players, Seats: [4]notation.Seat{notation.SeatEast, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}}
	two := func(d ...Amount) Hand {
		return Hand{Winner: "Ben", Discarder: "Cat", Also: []Claim{{Winner: "Dan"}}, Deltas: d}
	}
	got, _, err := ResolveClaims(rules, two(0, 0, -24, 24), table)
	if err != nil {
		t.Fatal(err)
	}
	if got.Winner != "Dan" || got.Also != nil || !slices.Equal(got.Bumped, []string{"Ben"}) {
		t.Errorf("head bump: winner %s also %v bumped %v, want Dan alone with Ben bumped", got.Winner, got.Also, got.Bumped)
	}
	if _, _, err := ResolveClaims(rules, two(0, 12, -36, 24), table); !errors.Is(err, ErrBumpedPaid) {
		t.Errorf("head bump paying Ben: %v, want ErrBumpedPaid", err)
	}
	all := *rules
	all.MultipleWinners.As = settle.AllWin
	got, note, err := ResolveClaims(&all, two(0, 12, -36, 24), table)
	if err != nil {
		t.Fatal(err)
	}
	if got.Winner != "Ben" || len(got.Also) != 1 || got.Bumped != nil || !strings.HasPrefix(note, "every claimant is paid") {
		t.Errorf("all: winner %s also %v bumped %v note %q, want both paid", got.Winner, got.Also, got.Bumped, note)
	}
}

// TestSettlementSets: a hand with its own overrides (Hand.Sets) is settled by what load gives for
// them, loaded once; the others by the game's settlement; an override that does not load says
// which hand it was.
func TestSettlementSets(t *testing.T) {
	game := loadSettlement(t, "hk-settlement.yaml")
	loads := 0
	s := NewSettlement(game, func(sets []string) (*settle.Rules, error) {
		loads++
		if sets[0] == "bad=1" {
			return nil, errors.New("no such key")
		}
		return game, nil
	})
	table := Table{Players: players, Seats: [4]notation.Seat{notation.SeatEast, notation.SeatSouth, notation.SeatWest, notation.SeatNorth}, Number: 7}
	h := win("Ben", "Cat", 5)
	plain, err := s.Settle(h, table)
	if err != nil {
		t.Fatal(err)
	}
	// Last gives the settlement just made, once: a writer shows its payments.
	if res := s.Last(); res == nil || ByPlayer(res.Deltas, table) != plain || len(res.Payments) == 0 {
		t.Errorf("Last after a settlement: %+v, want its payments and deltas %v", res, plain)
	}
	if res := s.Last(); res != nil {
		t.Errorf("Last again: %+v, want nil (nothing settled since)", res)
	}
	h.Sets = []string{"cap=13"}
	for range 2 {
		d, err := s.Settle(h, table)
		if err != nil || d != plain {
			t.Fatalf("with sets: %v %v, want %v", d, err, plain)
		}
	}
	if loads != 1 {
		t.Errorf("loaded %d times, want once", loads)
	}
	if _, err := NewSettlement(game, nil).Settle(h, table); err == nil || !strings.Contains(err.Error(), "hand 7 was paid with --set cap=13") {
		t.Errorf("overrides without load: %v", err)
	}
	h.Sets = []string{"bad=1"}
	if _, err := s.Settle(h, table); err == nil || !strings.Contains(err.Error(), "hand 7 was paid with --set bad=1: no such key") {
		t.Errorf("a bad override: %v", err)
	}
}
