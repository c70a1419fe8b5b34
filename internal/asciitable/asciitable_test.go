package asciitable

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/twtable"
	"pgregory.net/rapid"
)

// tablewriterTable draws the table as mjref draws the tables people read, with tablewriter
// (internal/twtable): the reference.
func tablewriterTable(t testing.TB, header []string, rows [][]string) string {
	var b bytes.Buffer
	if err := twtable.Write(&b, header, rows); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestMatchesTablewriter(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		rows   [][]string
	}{
		{"header only", []string{"id", "name", "中文"}, nil},
		{"items", []string{"id", "name", "中文", "faan", "tiles", "rule"}, [][]string{
			{"seat-wind", "Seat wind", "門風", "1", "111z", "hk:82"},
			{"concealed-hand", "Concealed hand", "門前清", "1", "", "hk:142"},
		}},
		{"lines, trimming, short rows", []string{"a b", ""}, [][]string{{"a\nbb", " lead ", "x"}, {"only"}, {"", ""}}},
		{"accents", []string{"é", "ü"}, [][]string{{"café", "naïve"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tablewriterTable(t, tt.header, tt.rows)
			if diff := cmp.Diff(want, string(Append(nil, tt.header, tt.rows))); diff != "" {
				t.Errorf("(-tablewriter +asciitable):\n%s", diff)
			}
		})
	}
}

// Random tables: words of ASCII, CJK and accented letters and spaces, in one line per cell (tablewriter
// drops empty lines inside a cell, which mjref's cells never hold; this package keeps them).
func TestMatchesTablewriterRandom(t *testing.T) {
	cell := rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.SampledFrom([]string{"a", "Bc", "123m", "門", "前清", "é", " ", "  ", "-", "|", "+"}), 0, 6).Draw(t, "parts")
		return strings.Join(parts, "")
	})
	rapid.Check(t, func(rt *rapid.T) {
		cols := rapid.IntRange(1, 6).Draw(rt, "cols")
		header := rapid.SliceOfN(rapid.StringMatching(`[a-z]{1,8}`), cols, cols).Draw(rt, "header")
		rows := rapid.SliceOfN(rapid.SliceOfN(cell, cols, cols), 0, 5).Draw(rt, "rows")
		want := tablewriterTable(t, header, rows)
		if got := string(Append(nil, header, rows)); got != want {
			rt.Fatalf("(-tablewriter +asciitable):\n%s", cmp.Diff(want, got))
		}
	})
}

// A table measures a cell as the terminal draws it, grapheme by grapheme (termtext.Width): the
// borders of a row holding 👨‍👩‍👧 (2 columns) line up with the others.
func TestWidthGraphemes(t *testing.T) {
	family := "👨\u200d👩\u200d👧"
	if got := Width(family); got != 2 {
		t.Errorf("Width(%q) = %d, want 2", family, got)
	}
	var b strings.Builder
	if err := Write(&b, []string{"player", "n"}, [][]string{{"Ann " + family, "1"}, {"Ben Wong", "2"}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	for _, l := range lines {
		if Width(l) != Width(lines[0]) {
			t.Errorf("line %q is %d columns, the border %d:\n%s", l, Width(l), Width(lines[0]), b.String())
		}
	}
}
