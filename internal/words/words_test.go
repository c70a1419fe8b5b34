package words

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "hand", "0 hands"},
		{1, "hand", "1 hand"},
		{2, "hand", "2 hands"},
		{1, "concrete hand", "1 concrete hand"},
		{20000, "concrete hand", "20000 concrete hands"},
		{1, "line", "1 line"},
		{-1, "point", "-1 point"},
		{2, "try", "2 tries"},
		{3, "day", "3 days"},
		{2, "pass", "2 passes"},
		{1, "illegal step", "1 illegal step"},
	} {
		t.Run(c.want, func(t *testing.T) {
			if diff := cmp.Diff(c.want, Count(c.n, c.noun)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestVerb(t *testing.T) {
	if got := Verb(1, "was", "were"); got != "was" {
		t.Errorf("Verb(1) = %q", got)
	}
	if got := Verb(2, "was", "were"); got != "were" {
		t.Errorf("Verb(2) = %q", got)
	}
}
