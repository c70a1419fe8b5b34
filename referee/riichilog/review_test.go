package riichilog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/riichilog"
)

// TestReviewCorpus scores every recorded win of ../shared/riichi with mjref's own scorer and
// settles it, and compares han, fu, points and deltas with the log.
func TestReviewCorpus(t *testing.T) {
	agree, total := 0, 0
	for _, path := range corpusFiles(t) {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := riichilog.Read(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v := riichilog.Review(g, nil)
		var lines []string
		for _, h := range v.Hands {
			for _, r := range h.Results {
				total++
				if r.Agrees && r.Note == "" {
					agree++
					continue
				}
				lines = append(lines, h.Round+" "+string(r.Kind)+" "+r.Note+" "+diffText(r))
			}
		}
		t.Logf("%s: agrees %v, %d differences, %d unchecked\n%s", name, v.Agrees, v.Differences, v.Unchecked, strings.Join(lines, "\n"))
		_, other := otherRules[name]
		switch {
		case other:
			// Kiriage mangan and the ratio lobby's honba: the wins mjref scores alike, paid otherwise.
			if v.Agrees {
				t.Errorf("%s: agrees, but it is played under other rules", name)
			}
		case g.Rules.Players == 3:
			// Three-player hands are not scored yet: every payment is still checked by Check.
		case !v.Agrees || len(lines) > 0:
			t.Errorf("%s: mjref disagrees with the log:\n%s", name, strings.Join(lines, "\n"))
		}
	}
	t.Logf("%d of %d results agree", agree, total)
}

func diffText(r riichilog.ResultView) string {
	var b strings.Builder
	for _, d := range r.Differences {
		b.WriteString(d.Field)
		if d.Seat != nil {
			b.WriteString(" seat " + itoa(*d.Seat))
		}
		b.WriteString(": mjref " + itoa(d.Mjref) + " log " + itoa(d.Recorded) + "; ")
	}
	var mine, theirs []string
	for _, y := range r.Yaku {
		mine = append(mine, y.ID+" "+itoa(y.Han))
	}
	for _, y := range r.Recorded.Yaku {
		theirs = append(theirs, y.ID+" "+itoa(y.Han))
	}
	return b.String() + " [" + strings.Join(mine, ", ") + "] vs [" + strings.Join(theirs, ", ") + "]"
}
