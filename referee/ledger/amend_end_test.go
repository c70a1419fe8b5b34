package ledger

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
)

// TestAmendPastTheEnd: an amend whose corrected result would end the game before hands that
// stand after it (a 1-round game whose deal now passes four times sooner) is refused, as Add
// refuses a hand after the end, and nothing is written; an amend that keeps every hand inside
// the game is accepted.
func TestAmendPastTheEnd(t *testing.T) {
	l, path := newGame(t, hkHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
	// Ann deals and wins twice, then the deal passes Ben, Cat, Dan: the round ends after hand 6.
	for _, h := range []Hand{self("Ann", 3), self("Ann", 3), self("Ben", 3), self("Cat", 3), self("Dan", 3), self("Ann", 3)} {
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	if s := l.State(); !s.Over || s.Played != 6 {
		t.Fatalf("over %v after %d hands", s.Over, s.Played)
	}
	before, _ := os.ReadFile(path)
	// Hand 1 won by Ben instead: the deal passes at once, and the round ends after hand 4.
	_, err := l.Amend(1, self("Ben", 3))
	if !errors.Is(err, ErrGameOver) || !strings.Contains(err.Error(), "hand 5") {
		t.Fatalf("amend that ends the game before hand 5: %v, want ErrGameOver naming hand 5", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the refused amend changed the file")
	}
	if s := l.State(); s.Amended != 0 || s.History[0].Hand.Winner != "Ann" {
		t.Errorf("the refused amend changed the state: amended %d, hand 1 won by %s", s.Amended, s.History[0].Hand.Winner)
	}
	// Hand 2 won by Ben instead: Ben deals hand 3 and wins it, so he deals hand 4 again; the
	// deal still passes the fourth time after hand 6: accepted.
	if _, err := l.Amend(2, self("Ben", 3)); err != nil {
		t.Errorf("amend of hand 2: %v", err)
	}
	// Hand 6 is the last hand: any result of it is inside the game.
	if _, err := l.Amend(6, self("Ben", 5)); err != nil {
		t.Errorf("amend of the last hand: %v", err)
	}
	checkReplay(t, l, path)
}
