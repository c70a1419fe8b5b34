package textdist

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"ouput", "output", 1},
		{"min-faan", "min_faan", 0},
		{"CAP", "cap", 0},
		{"kitten", "sitting", 3},
		{"", "abc", 3},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	flags := []string{"win", "winner", "discarder", "faan", "limit", "rules", "output", "set", "seat"}
	for _, c := range []struct {
		word       string
		candidates []string
		want       []string
	}{
		{"winn", flags, []string{"winner", "win"}},
		{"discader", flags, []string{"discarder"}},
		{"rule", flags, []string{"rules"}},
		{"sat", flags, []string{"set", "seat"}},
		{"xyz", flags, []string{}},
		{"top", []string{"cap"}, []string{}},
		{"halfspicy", []string{"bucket", "full-spicy", "half-spicy"}, []string{"half-spicy"}},
		{"full_spicy", []string{"bucket", "full-spicy", "half-spicy"}, []string{"full-spicy"}},
		{"win", flags, []string{"winner"}},
	} {
		t.Run(c.word, func(t *testing.T) {
			if diff := cmp.Diff(c.want, Nearest(c.word, c.candidates)); diff != "" {
				t.Errorf("Nearest(%q) (-want +got):\n%s", c.word, diff)
			}
		})
	}
}
