package engine

import (
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// Twelve players over four rounds: no pair shares a table more than twice (issue 32).
func TestSeating12Players4Rounds(t *testing.T) {
	v, err := Seating(SeatingOptions{Count: 12, Rounds: 4})
	if err != nil {
		t.Fatal(err)
	}
	checkSeating(t, v, 12, 4)
	if v.MostMeetings > 2 {
		t.Errorf("a pair meets %d times, want at most 2: %+v", v.MostMeetings, v.Repeats)
	}
	if v.LeastPossible != 2 {
		t.Errorf("least possible = %d, want 2 (12 meetings a player over 4 rounds among 11 others)", v.LeastPossible)
	}
}

// checkSeating checks a schedule is one: every round seats every player once, at a table of four
// or sitting out, and the counts are the schedule's.
func checkSeating(t interface {
	Helper()
	Fatalf(string, ...any)
}, v SeatingView, n, r int) {
	t.Helper()
	if len(v.Rounds) != r {
		t.Fatalf("%d rounds, want %d", len(v.Rounds), r)
	}
	meet := map[[2]string]int{}
	out := map[string]int{}
	for _, round := range v.Rounds {
		seen := map[string]bool{}
		if len(round.Tables) != n/4 || len(round.SitOut) != n%4 {
			t.Fatalf("round %d: %d tables and %d sitting out, want %d and %d", round.Round, len(round.Tables), len(round.SitOut), n/4, n%4)
		}
		for _, table := range round.Tables {
			if len(table) != 4 {
				t.Fatalf("round %d: a table of %d", round.Round, len(table))
			}
			for i, a := range table {
				for _, b := range table[i+1:] {
					k := [2]string{a, b}
					if a > b {
						k = [2]string{b, a}
					}
					meet[k]++
				}
			}
		}
		for _, p := range append(append([]string{}, round.SitOut...), flat(round.Tables)...) {
			if seen[p] {
				t.Fatalf("round %d: %s seated twice", round.Round, p)
			}
			seen[p] = true
		}
		for _, p := range round.SitOut {
			out[p]++
		}
		if len(seen) != n {
			t.Fatalf("round %d seats %d players, want %d", round.Round, len(seen), n)
		}
	}
	most := 0
	for _, m := range meet {
		most = max(most, m)
	}
	if most != v.MostMeetings {
		t.Fatalf("most meetings %d, the schedule has %d", v.MostMeetings, most)
	}
	lo, hi := r, 0
	for _, p := range v.Players {
		lo, hi = min(lo, out[p]), max(hi, out[p])
	}
	if hi-lo > 1 {
		t.Fatalf("one player sits out %d rounds, another %d", hi, lo)
	}
}

func flat(tables [][]string) []string {
	var out []string
	for _, t := range tables {
		out = append(out, t...)
	}
	return out
}

// For any number of players and rounds, the schedule is one, sitting out is shared fairly, and
// the most-met pair meets at most once more than any schedule must.
func TestSeatingProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(4, 40).Draw(t, "players")
		r := rapid.IntRange(1, 8).Draw(t, "rounds")
		v, err := Seating(SeatingOptions{Count: n, Rounds: r})
		if err != nil {
			t.Fatal(err)
		}
		checkSeating(t, v, n, r)
		if v.MostMeetings > v.LeastPossible+1 {
			t.Fatalf("%d players, %d rounds: a pair meets %d times, the least possible is %d", n, r, v.MostMeetings, v.LeastPossible)
		}
		if v.MostMeetings < v.LeastPossible { // the least is a proof: no schedule does better
			t.Fatalf("%d players, %d rounds: a pair meets at most %d times, below the least possible %d", n, r, v.MostMeetings, v.LeastPossible)
		}
	})
}

// Sizes a club plays, all rounds to eight: the most-met pair is within one of the least possible.
func TestSeatingSizes(t *testing.T) {
	for _, n := range []int{8, 12, 16, 20, 24, 13, 14, 15} {
		for r := 1; r <= 8; r++ {
			t.Run(fmt.Sprintf("%dx%d", n, r), func(t *testing.T) {
				v, err := Seating(SeatingOptions{Count: n, Rounds: r})
				if err != nil {
					t.Fatal(err)
				}
				checkSeating(t, v, n, r)
				if v.MostMeetings > v.LeastPossible+1 {
					t.Errorf("most %d, least possible %d", v.MostMeetings, v.LeastPossible)
				}
			})
		}
	}
}

// Thirteen players over three rounds: one sits out each round (three different players), and the
// two-round count proves some pair meets twice, so the schedule's most, 2, is the least.
func TestSeating13Players3Rounds(t *testing.T) {
	v, err := Seating(SeatingOptions{Count: 13, Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	checkSeating(t, v, 13, 3)
	out := 0
	for _, n := range v.SitOut {
		out += n
		if n > 1 {
			t.Errorf("a player sits out %d rounds of 3: %v", n, v.SitOut)
		}
	}
	if out != 3 {
		t.Errorf("%d sit-outs, want 3 (one a round): %v", out, v.SitOut)
	}
	if v.LeastPossible != 2 || v.MostMeetings != 2 {
		t.Errorf("most %d, least possible %d; want 2 and 2:\n%s", v.MostMeetings, v.LeastPossible, strings.Join(v.Reason, "\n"))
	}
}
