package riichi

import (
	"testing"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/scoring"
)

// CheckWin plays exactly the win kinds the scorer reads (winKind, the tile not the wall's last):
// a hand settled from its worth takes the wins a hand scored takes.
func TestCheckWinIsWinKind(t *testing.T) {
	for _, name := range scoring.WinKinds() {
		k, err := scoring.ParseWinKind(name)
		if err != nil {
			t.Fatal(err)
		}
		_, scored := winKind(family.Situation{Situation: scoring.Situation{Win: k}})
		if checked := (Family{}).CheckWin(k) == nil; checked != scored {
			t.Errorf("win %s: CheckWin takes it %v, the scorer %v", k, checked, scored)
		}
	}
}
