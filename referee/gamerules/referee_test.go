package gamerules

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/scoring"
)

func TestRefereeValidate(t *testing.T) {
	tests := []struct {
		name  string
		rules Referee
		path  []string // nil: valid
	}{
		{"zero value", Referee{}, nil},
		{"no flowers, dead wall, all win", Referee{Tiles: 136, DeadWall: 14, MultipleWins: "all"}, nil},
		{"tiles", Referee{Tiles: 140}, []string{"tiles"}},
		{"dead wall", Referee{DeadWall: -1}, []string{"dead_wall"}},
		{"multiple wins", Referee{MultipleWins: "everyone"}, []string{"multiple_wins"}},
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
