package family_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
)

// headJSON is the head's fields after the hand as encoding/json writes the whole head.
func headJSON(t testing.TB, ruleset string, sit family.Situation) string {
	b, err := json.Marshal(family.ScoreHead{Hand: "x", Ruleset: ruleset, Situation: sit.View()})
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(strings.TrimPrefix(string(b), `{"hand":"x"`), "}")
}

// A HeadRest writes what encoding/json writes for the situation asked, whatever it wrote last:
// another situation, another ruleset name, a loser's hand, a situation with the family's own
// fields; and so it does for goroutines asking at once (run under -race).
func TestHeadRest(t *testing.T) {
	sits := []family.Situation{
		{Situation: scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.SelfDraw, Discarder: notation.NoSeat}},
		{Situation: scoring.Situation{Seat: notation.SeatSouth, Prevailing: notation.SeatWest, Win: scoring.Discard, Discarder: notation.SeatNorth, LastTile: true}},
		{Situation: scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.SelfDraw, Discarder: notation.NoSeat}, Loser: true},
		{Situation: scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.SelfDraw, Discarder: notation.NoSeat}, Extra: family.Extra{"riichi": true}},
	}
	names := []string{"hk", "hk-oldstyle", "my \"table\""}
	var c family.HeadRest
	for round := range 3 {
		for _, name := range names {
			for i, sit := range sits {
				for range 2 { // written, then as it was written last
					if got, want := string(c.Of(name, sit)), headJSON(t, name, sit); got != want {
						t.Fatalf("round %d, %s, situation %d:\n got %s\nwant %s", round, name, i, got, want)
					}
				}
			}
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 500 {
				sit, name := sits[(g+i)%len(sits)], names[i%len(names)]
				if got, want := string(c.Of(name, sit)), headJSON(t, name, sit); got != want {
					t.Errorf("goroutine %d: %s, want %s", g, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
}
