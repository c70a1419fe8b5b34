package twtable

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/asciitable"
	"github.com/mjref/mjref/internal/termtext"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"
	"pgregory.net/rapid"
)

// plain draws with tablewriter as configured here, without the stand-ins for graphemes.
func plain(t testing.TB, header []string, rows [][]string) string {
	var b bytes.Buffer
	tbl := tablewriter.NewTable(&b,
		tablewriter.WithRendition(tw.Rendition{Symbols: tw.NewSymbols(tw.StyleASCII)}),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	if len(header) > 0 {
		tbl.Header(header)
	}
	for _, r := range rows {
		if err := tbl.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := tbl.Render(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func draw(t testing.TB, w *Writer, header []string, rows [][]string) string {
	b, err := w.Append(nil, header, rows)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestScoreTable(t *testing.T) {
	got := draw(t, NewWriter(), []string{"id", "name", "中文", "faan", "tiles", "rule"}, [][]string{
		{"seat-wind", "Seat wind", "門風", "1", "111z", "hk:96"},
		{"concealed-hand", "Concealed hand", "門前清", "1", "", "hk:156"},
	})
	want := `+----------------+----------------+--------+------+-------+--------+
| id             | name           | 中文   | faan | tiles | rule   |
+----------------+----------------+--------+------+-------+--------+
| seat-wind      | Seat wind      | 門風   | 1    | 111z  | hk:96  |
| concealed-hand | Concealed hand | 門前清 | 1    |       | hk:156 |
+----------------+----------------+--------+------+-------+--------+
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Graphemes tablewriter measures rune by rune otherwise than a terminal draws them: a ZWJ family
// (6 runes' worth, 2 columns), a skin tone (4, 2), a flag, an emoji by VS16 (1, 2); and text
// holding the stand-ins' own private-use plane.
var graphemes = []string{"👨\u200d👩\u200d👧", "👍🏽", "🇯🇵", "❤️", "\U000F0000", "\U000F0001x", "e\u0301"}

func TestGraphemesAlign(t *testing.T) {
	w := NewWriter()
	for _, g := range graphemes {
		header := []string{"player", "n"}
		rows := [][]string{{"Ann " + g, "1"}, {"Ben Wong", g + g}, {g, "3"}}
		got := draw(t, w, header, rows)
		lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		for _, l := range lines {
			if termtext.Width(l) != termtext.Width(lines[0]) {
				t.Errorf("%q: line %q is %d columns, the border %d:\n%s", g, l, termtext.Width(l), termtext.Width(lines[0]), got)
			}
		}
		if !strings.Contains(got, "| Ann "+g+" ") || !strings.Contains(got, "| "+g+g+" ") {
			t.Errorf("%q is not drawn as it was given:\n%s", g, got)
		}
		if want := string(asciitable.Append(nil, header, rows)); got != want {
			t.Errorf("%q: (-asciitable +twtable):\n%s", g, cmp.Diff(want, got))
		}
	}
}

// Without the stand-ins (and with ambiguous characters narrow) the table is tablewriter's own.
func TestPlainTablewriter(t *testing.T) {
	header := []string{"a b", "", "中文"}
	rows := [][]string{{"a\nbb", " lead ", "x"}, {"only"}, {"", ""}, {"café", "naïve", "±×°…"}}
	if diff := cmp.Diff(plain(t, header, rows), draw(t, NewWriter(), header, rows)); diff != "" {
		t.Errorf("(-tablewriter +twtable):\n%s", diff)
	}
}

// Random tables of ASCII, CJK, accented and emoji words: tablewriter through Writer (reused) draws
// what the hand-written asciitable, which the batch uses, draws.
func TestMatchesAsciitable(t *testing.T) {
	w := NewWriter()
	cell := rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(rapid.SampledFrom(append([]string{"a", "Bc", "123m", "門", "前清", "é", " ", "  ", "-", "|", "+", "\n"}, graphemes...)), 0, 6).Draw(t, "parts")
		return strings.Join(parts, "")
	})
	rapid.Check(t, func(rt *rapid.T) {
		cols := rapid.IntRange(1, 6).Draw(rt, "cols")
		var header []string
		if rapid.Bool().Draw(rt, "header") {
			header = rapid.SliceOfN(cell, cols, cols).Draw(rt, "header")
		}
		rows := rapid.SliceOfN(rapid.SliceOfN(cell, 1, cols), 0, 5).Draw(rt, "rows")
		if blankLineInCell(header, rows) {
			rt.Skip("tablewriter drops a cell's empty lines, which mjref's cells never hold")
		}
		got, err := w.Append(nil, header, rows)
		if err != nil {
			rt.Fatal(err)
		}
		if want := string(asciitable.Append(nil, header, rows)); string(got) != want {
			rt.Fatalf("(-asciitable +twtable):\n%s", cmp.Diff(want, string(got)))
		}
	})
}

// blankLineInCell reports a cell that, trimmed, has an empty or blank line between two others.
func blankLineInCell(header []string, rows [][]string) bool {
	for _, r := range append([][]string{header}, rows...) {
		for _, c := range r {
			for _, l := range strings.Split(strings.TrimSpace(c), "\n") {
				if strings.TrimSpace(l) == "" && strings.Contains(strings.TrimSpace(c), "\n") {
					return true
				}
			}
		}
	}
	return false
}

// Whatever set tablewriter's measure wide for ambiguous characters (a CJK locale when it started),
// a table measures them narrow, as termtext does.
func TestAmbiguousNarrow(t *testing.T) {
	w := NewWriter()
	twwidth.SetEastAsian(true)
	defer twwidth.SetOptions(twwidth.Options{})
	header, rows := []string{"player", "n"}, [][]string{{"Ωmega ±", "1"}, {"Ann", "2"}}
	if got, want := draw(t, w, header, rows), string(asciitable.Append(nil, header, rows)); got != want {
		t.Errorf("(-asciitable +twtable):\n%s", cmp.Diff(want, got))
	}
}

func TestEmpty(t *testing.T) {
	if got := draw(t, NewWriter(), nil, nil); got != "" {
		t.Errorf("no columns drew %q", got)
	}
}
