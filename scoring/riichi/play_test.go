package riichi

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestFuriten checks which furiten a ron is barred by, as Tenhou rules it: a wait among the
// player's discards first, then one passed after riichi, then one passed since the last discard.
func TestFuriten(t *testing.T) {
	const m4, p1, s9 = 1 << 3, 1 << 9, 1 << 26
	waits := uint64(m4 | p1)
	tests := []struct {
		name                         string
		discarded, turn, sinceRiichi uint64
		want                         string // the rule, "" for no furiten
	}{
		{"nothing", 0, 0, 0, ""},
		{"not a wait discarded or passed", s9, s9, s9, ""},
		{"a wait discarded", p1, 0, 0, PlayFuriten},
		{"a wait passed this turn", 0, m4, 0, PlayFuritenTemp},
		{"a wait passed after riichi", 0, 0, m4, PlayFuritenRiichi},
		{"discarded beats passed", p1, m4, m4, PlayFuriten},
		{"riichi beats temporary", 0, m4, p1, PlayFuritenRiichi},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			if err := Furiten(waits, tt.discarded, tt.turn, tt.sinceRiichi); err != nil {
				got = err.(*PlayError).Rule
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("rule (-want +got):\n%s", diff)
			}
		})
	}
}
