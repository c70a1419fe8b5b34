package ledger

import (
	"errors"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
)

// TestRenameRefusedKeepsState: a rename that cannot be written (the file is full) leaves the
// game as it was, the names in every hand's riichi, tenpai and nagashi lists included.
func TestRenameRefusedKeepsState(t *testing.T) {
	l, _ := newGame(t, riichiHeader(gamerules.Length{Kind: gamerules.Rounds, N: 1}))
	h := paid(Hand{Drawn: true, Riichi: []string{"Ann"}, Tenpai: []string{"Ann"}}, 2000, -1000, -1000, -1000)
	if _, err := l.Add(h); err != nil {
		t.Fatal(err)
	}
	l.limit = l.size
	if err := l.Rename("Ann", "Amy"); !errors.Is(err, ErrFull) {
		t.Fatalf("Rename in a full file: %v, want ErrFull", err)
	}
	got := l.State().History[0].Hand
	if got.Riichi[0] != "Ann" || got.Tenpai[0] != "Ann" {
		t.Errorf("after the refused rename hand 1 has riichi %v, tenpai %v: want Ann", got.Riichi, got.Tenpai)
	}
}
