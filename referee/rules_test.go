package referee

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/scoring"
)

func TestRulesValidate(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		path  []string // nil: valid
	}{
		{"zero value", Rules{}, nil},
		{"no flowers, dead wall, all win", Rules{Tiles: 136, DeadWall: 14, MultipleWins: "all"}, nil},
		{"tiles", Rules{Tiles: 140}, []string{"tiles"}},
		{"dead wall", Rules{DeadWall: -1}, []string{"dead_wall"}},
		{"multiple wins", Rules{MultipleWins: "everyone"}, []string{"multiple_wins"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.rules.Validate()
			var re *scoring.RuleError
			var got []string
			if errors.As(err, &re) {
				got = re.Path
			} else if err != nil {
				t.Fatalf("error %v is not a *scoring.RuleError", err)
			}
			if diff := cmp.Diff(tt.path, got); diff != "" {
				t.Errorf("path (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRulingString(t *testing.T) {
	r := Ruling{Event: 4, Seat: 2, Action: "pong 9s", Verdict: VerdictOK, Rule: RuleClaimPriority, Reason: "W takes S's 9s"}
	want := "4 W pong 9s: ok (claim-priority) W takes S's 9s"
	if diff := cmp.Diff(want, r.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
