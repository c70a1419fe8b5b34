package tablefit

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/internal/asciitable"
	"pgregory.net/rapid"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		name  string
		s     string
		width int
		want  []string
	}{
		{"fits", "in turn", 10, []string{"in turn"}},
		{"no limit", "a b c", 0, []string{"a b c"}},
		{"empty", "", 5, []string{""}},
		{"at spaces", "a chow may be claimed only", 10, []string{"a chow may", "be claimed", "only"}},
		{"double space kept", "concealed  deburger-2026:13", 30, []string{"concealed  deburger-2026:13"}},
		{"double space at break", "concealed  deburger-2026:13", 12, []string{"concealed", "deburger-2026:13"[:12], "6:13"}},
		{"long word cut", "123456789012", 5, []string{"12345", "67890", "12"}},
		{"wide characters", "上家上家上家", 5, []string{"上家", "上家", "上家"}},
		{"wide character in a narrow column", "上家", 1, []string{"上", "家"}},
		{"mixed", "(上家): N's chow", 8, []string{"(上家):", "N's chow"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Wrap(tt.s, tt.width)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Wrap(%q, %d) (-want +got):\n%s", tt.s, tt.width, diff)
			}
		})
	}
}

// TestWrapProperty: no line is wider than the width unless one character is, and the words come back in order.
func TestWrapProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringMatching(`[a-z0-9 中:]{0,60}`).Draw(t, "s")
		width := rapid.IntRange(2, 30).Draw(t, "width")
		lines := Wrap(s, width)
		for _, l := range lines {
			if Width(l) > width {
				t.Fatalf("Wrap(%q, %d): line %q is %d wide", s, width, l, Width(l))
			}
		}
		if got, want := strings.ReplaceAll(strings.Join(lines, ""), " ", ""), strings.ReplaceAll(s, " ", ""); got != want {
			t.Fatalf("Wrap(%q, %d) lost text: %q", s, width, lines)
		}
	})
}

// render draws a table as cmd does, so the test measures what users see.
func render(t interface{ Fatal(...any) }, header []string, rows [][]string) string {
	var b bytes.Buffer
	if err := asciitable.Write(&b, header, rows); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func maxLine(s string) int {
	m := 0
	for _, l := range strings.Split(s, "\n") {
		m = max(m, Width(l))
	}
	return m
}

func TestFit(t *testing.T) {
	header := []string{"event", "seat", "rule", "reason"}
	rows := [][]string{
		{"4", "N", "chow-from-left hk:297", "a chow may be claimed only from the player before you (上家): N's chow must come from W, not S"},
		{"10", "E", "rob-kong hk:307", "N's kong of 5p was not made: there is nothing to rob"},
	}
	h, r, ok := Fit(header, rows, 80)
	if !ok {
		t.Fatal("Fit at 80: not ok")
	}
	out := render(t, h, r)
	if w := maxLine(out); w > 80 || w < 76 {
		t.Errorf("fitted table is %d wide, want about 80 (the room it has, no more):\n%s", w, out)
	}
	if !strings.Contains(out, "| 4     | N    |") || !strings.Contains(out, "| 10    | E    |") {
		t.Errorf("short columns should stay whole:\n%s", out)
	}
	if diff := cmp.Diff(rows, [][]string{
		{"4", "N", "chow-from-left hk:297", "a chow may be claimed only from the player before you (上家): N's chow must come from W, not S"},
		{"10", "E", "rob-kong hk:307", "N's kong of 5p was not made: there is nothing to rob"},
	}); diff != "" {
		t.Errorf("Fit changed its input: %s", diff)
	}

	// Already narrow: unchanged.
	h2, r2, ok := Fit(header, rows[1:], 200)
	if !ok || !cmp.Equal(h2, header) || !cmp.Equal(r2, rows[1:]) {
		t.Errorf("Fit at 200 changed a table that fits")
	}
	// No limit.
	if _, r3, ok := Fit(header, rows, 0); !ok || !cmp.Equal(r3, rows) {
		t.Errorf("Fit with no limit changed the table")
	}
	// Figures stay whole.
	h4, r4, ok := Fit([]string{"result", "Ann"}, [][]string{{"Ben wins 5 faan on Cat's discard", "+36 = 36"}}, 25)
	if !ok {
		t.Fatalf("Fit of figures: not ok")
	}
	if out := render(t, h4, r4); !strings.Contains(out, "| +36 = 36 |") {
		t.Errorf("figures were wrapped:\n%s", out)
	}
	// One row that would wrap to many lines: records read better.
	if _, _, ok := Fit([]string{"rule", "detail"}, [][]string{{"responsibility/big-three-dragons",
		"pays the whole self-draw alone, 3 shares × 64 (10 faan, half-spicy)"}}, 50); ok {
		t.Errorf("Fit of one row 7 lines tall: ok, want false")
	}
	// Too narrow for the longest words: not ok, caller lays it out vertically.
	if _, _, ok := Fit(header, rows, 30); ok {
		t.Errorf("Fit at 30: ok, want false (the words alone need more)")
	}
}

// TestFitProperty: whatever the cells, a fitted table is never wider than asked, and numbers are never cut.
func TestFitProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cols := rapid.IntRange(1, 6).Draw(t, "cols")
		word := rapid.StringMatching(`[a-z]{1,8}|[0-9]{1,6}|中文`)
		cell := rapid.Custom(func(t *rapid.T) string {
			return strings.Join(rapid.SliceOfN(word, 0, 12).Draw(t, "words"), " ")
		})
		header := rapid.SliceOfN(rapid.StringMatching(`[a-z]{1,8}`), cols, cols).Draw(t, "header")
		rows := rapid.SliceOfN(rapid.SliceOfN(cell, cols, cols), 0, 5).Draw(t, "rows")
		width := rapid.IntRange(20, 120).Draw(t, "width")
		h, r, ok := Fit(header, rows, width)
		if !ok {
			return
		}
		out := render(t, h, r)
		if w := maxLine(out); w > width {
			t.Fatalf("table %d wide at width %d:\n%s", w, width, out)
		}
		for k := range rows {
			for i := range rows[k] {
				if got := strings.Fields(r[k][i]); !cmp.Equal(got, strings.Fields(rows[k][i])) && !(len(got) == 0 && rows[k][i] == "") {
					t.Fatalf("cell %q became %q", rows[k][i], r[k][i])
				}
			}
		}
	})
}

func TestVertical(t *testing.T) {
	var b bytes.Buffer
	err := Vertical(&b, []string{"line", "best hand"}, [][]string{
		{"Y1", "NN 2026m SS 666p 666s"},
		{"L2", "NN 666m 666p 666s SSS and a long tail of words that wraps"},
	}, 40)
	if err != nil {
		t.Fatal(err)
	}
	want := `-[ 1 ]---------------------------------
line      | Y1
best hand | NN 2026m SS 666p 666s
-[ 2 ]---------------------------------
line      | L2
best hand | NN 666m 666p 666s SSS and a
          | long tail of words that
          | wraps
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("Vertical (-want +got):\n%s", diff)
	}
}

func TestReflow(t *testing.T) {
	tests := []struct {
		name  string
		line  string
		width int
		want  []string
	}{
		{"fits", "ruleset:  hk", 80, []string{"ruleset:  hk"}},
		{"label", "ruling:   E takes 5p for a win; S's win loses: head bump", 30,
			[]string{"ruling:   E takes 5p for a", "          win; S's win loses:", "          head bump"}},
		{"message", "mjref: error: col 7: unknown letter 'x': expected a digit", 40,
			[]string{"mjref: error: col 7: unknown letter 'x':", "              expected a digit"}},
		{"narrow: indent under the label", "mjref: error: col 7: unknown letter 'x': expected a digit", 26,
			[]string{"mjref: error: col 7:", "  unknown letter 'x':", "  expected a digit"}},
		{"label with a number", "hand 1:  Ann deals, prevailing E, round 1", 30,
			[]string{"hand 1:  Ann deals, prevailing", "         E, round 1"}},
		{"table line untouched", "| 1 | a b c d e f g h i j k l m n o p |", 20, []string{"| 1 | a b c d e f g h i j k l m n o p |"}},
		{"csv untouched", "1,1,E,Ann,0,Ben wins 5 faan on Cat's discard,0,36", 20, []string{"1,1,E,Ann,0,Ben wins 5 faan on Cat's discard,0,36"}},
		{"indented untouched", "  123m45x and more words here", 10, []string{"  123m45x and more words here"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, Reflow(tt.line, tt.width)); diff != "" {
				t.Errorf("Reflow(%q, %d) (-want +got):\n%s", tt.line, tt.width, diff)
			}
		})
	}
}
