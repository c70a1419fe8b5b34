package ledger

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/gamerules"
	"pgregory.net/rapid"
)

// genHand draws a hand of any kind among the players, including ones the settlement refuses.
func genHand(t *rapid.T) Hand {
	switch rapid.IntRange(0, 9).Draw(t, "kind") {
	case 0:
		return drawn()
	case 1:
		return Hand{FalseWin: rapid.SampledFrom(players[:]).Draw(t, "offender")}
	}
	w := rapid.IntRange(0, 3).Draw(t, "winner")
	h := Hand{Winner: players[w], Faan: rapid.IntRange(0, 13).Draw(t, "faan"), Limit: rapid.IntRange(0, 9).Draw(t, "limit") == 0}
	if rapid.Bool().Draw(t, "discard") {
		h.Discarder = players[(w+rapid.IntRange(1, 3).Draw(t, "discarder"))%4]
		if rapid.IntRange(0, 5).Draw(t, "robbed") == 0 {
			h.Win = 5 // robbing a kong
		}
	} else if rapid.IntRange(0, 4).Draw(t, "replacement") == 0 {
		h.Win = 2 // kong replacement
	}
	if rapid.IntRange(0, 7).Draw(t, "liable") == 0 {
		h.Responsible = players[(w+rapid.IntRange(1, 3).Draw(t, "responsible"))%4]
	}
	return h
}

// TestPropertyZeroSum plays random evenings, with undos, under the real Hong Kong settlement: after
// every step the standings add up to zero, each total is the sum of that player's deltas, a refused
// hand changes nothing, and the record read back gives the same state.
func TestPropertyZeroSum(t *testing.T) {
	rules := loadSettlement(t, "hk-settlement.yaml")
	dir := t.TempDir()
	n, added, refused := 0, 0, 0
	rapid.Check(t, func(t *rapid.T) {
		n++
		path := filepath.Join(dir, fmt.Sprintf("g%d.jsonl", n))
		l, err := Create(path, hkHeader(gamerules.Length{Kind: gamerules.Hands, N: rapid.IntRange(1, 40).Draw(t, "length")}), WithSettler(NewSettlement(rules, nil)))
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		steps := rapid.IntRange(0, 30).Draw(t, "steps")
		for range steps {
			before := l.State()
			var err error
			if rapid.IntRange(0, 5).Draw(t, "undo") == 0 {
				_, _, err = l.Undo()
			} else {
				_, err = l.Add(genHand(t))
			}
			s := l.State()
			if err != nil {
				if diff := cmp.Diff(before, s, cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
					t.Fatalf("refused step (%v) changed the state:\n%s", err, diff)
				}
				if errors.Is(err, ErrGameOver) && !before.Over {
					t.Fatalf("ErrGameOver while the game was on")
				}
				refused++
				continue
			}
			added++
			var sum Amount
			var fromHistory [4]Amount
			for _, e := range s.History {
				for i, d := range e.Deltas {
					fromHistory[i] += d
				}
			}
			for _, tot := range s.Totals {
				sum += tot
			}
			if sum != 0 {
				t.Fatalf("totals %v add up to %s", s.Totals, sum)
			}
			if fromHistory != s.Totals {
				t.Fatalf("totals %v, history gives %v", s.Totals, fromHistory)
			}
			if s.Played != len(s.History) || s.Hand != s.Played+1 {
				t.Fatalf("played %d, history %d, next hand %d", s.Played, len(s.History), s.Hand)
			}
		}
		r, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(l.State(), r, cmp.AllowUnexported(State{}, Entry{}, change{})); diff != "" {
			t.Fatalf("replayed state (-live +replayed):\n%s", diff)
		}
	})
	t.Logf("%d games, %d steps recorded, %d refused", n, added, refused)
	if added == 0 || refused == 0 {
		t.Errorf("the generator should give both recorded and refused steps")
	}
}

// TestPropertyFlow checks the flow in memory: the seats are always a permutation with the dealer at
// East, the prevailing wind is the number of passes over four, and undo restores the position.
func TestPropertyFlow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		f := gamerules.HongKongFlow()
		f.DealerRepeatsOnDraw = rapid.Bool().Draw(t, "repeat on draw")
		f.DealerRepeatsOnWin = rapid.Bool().Draw(t, "repeat on win")
		f.Length = gamerules.Length{}
		s, err := begin(Header{Players: players, Ruleset: "x", Flow: f}, time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		var positions []position
		for range rapid.IntRange(0, 60).Draw(t, "hands") {
			h := genHand(t)
			if h.Winner == "" {
				h = drawn()
			}
			d, _ := testSettler(h, s.Table())
			positions = append(positions, s.pos)
			if err := s.add(h, d, 0, 0, time.Time{}); err != nil {
				t.Fatal(err)
			}
			seen := 0
			for i, seat := range s.Seats {
				seen |= 1 << seat
				if seat == 0 && s.Players[i] != s.Dealer {
					t.Fatalf("East is %s, dealer %s", s.Players[i], s.Dealer)
				}
			}
			if seen != 0b1111 || s.Prevailing != notation.Seat(s.pos.Passes/4%4) {
				t.Fatalf("seats %v wind %s passes %d", s.Seats, s.Prevailing, s.pos.Passes)
			}
		}
		for i := len(positions) - 1; i >= 0; i-- {
			if _, _, err := s.undo(); err != nil {
				t.Fatal(err)
			}
			if s.pos != positions[i] {
				t.Fatalf("undo to hand %d: %+v, want %+v", i+1, s.pos, positions[i])
			}
		}
		if s.Totals != ([4]Amount{}) {
			t.Fatalf("totals after undoing everything: %v", s.Totals)
		}
	})
}
