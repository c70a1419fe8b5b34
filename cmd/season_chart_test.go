package cmd

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/asciitable"
)

// longSeason writes a season of n evenings (up to 512) of three hands each into dir: Ann, Ben, Cat and 陳大文 at
// the table, and on every third evening Eve in 陳大文's place, so that Eve's line has gaps.
func longSeason(t *testing.T, dir string, n int) {
	t.Helper()
	for e := range n {
		players := [4]string{"Ann", "Ben", "Cat", "陳大文"}
		if e%3 == 2 {
			players[3] = "Eve"
		}
		l, err := engine.NewLedger(filepath.Join(dir, fmt.Sprintf("%04d.jsonl", e+1)), "hk", engine.NewLedgerOptions{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		for k, faan := range []int{3 + e%8, 3 + e/8%8, 3 + e/64%8} { // no two evenings alike
			req := engine.LedgerRequest{Winner: players[(e+k)%4], Discarder: players[(e+k+1)%4]}
			if err := req.Faan.UnmarshalJSON([]byte(fmt.Sprint(faan))); err != nil {
				t.Fatal(err)
			}
			if _, err := l.Add(req); err != nil {
				t.Fatalf("evening %d: %v", e+1, err)
			}
		}
	}
}

// A long season's sparklines fit the width: its evenings bucketed a run a column, a line saying
// how many a column holds; --wide draws every evening a column.
func TestSeasonSparklinesFit(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: writes 300 ledgers")
	}
	dir := t.TempDir()
	longSeason(t, dir, 300)
	const totalW = len("-5808") // Ann's, the widest total; 陳大文, the widest name, is 6 columns
	for _, tt := range []struct {
		name  string
		width int
		args  []string
		cols  int // the sparkline's columns
	}{
		{"80 columns", 80, nil, 80 - 6 - 1 - 1 - totalW},
		{"40 columns", 40, nil, 40 - 6 - 1 - 1 - totalW},
		{"a pipe: 80", 0, nil, 80 - 6 - 1 - 1 - totalW},
		{"wide", 80, []string{"--wide"}, 300},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ios, out, errOut := testIO("")
			ios.Width, ios.ErrWidth = tt.width, tt.width
			if code := Run(append([]string{"season", "chart", dir}, tt.args...), ios); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			limit := tt.width
			if limit == 0 {
				limit = 80
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) < 5 {
				t.Fatalf("%d lines:\n%s", len(lines), out)
			}
			for _, l := range lines[:5] {
				f := strings.Fields(l)
				total := f[len(f)-1]
				if got := asciitable.Width(l) - 6 - 1 - 1 - len(total); got != tt.cols {
					t.Errorf("%d columns of sparkline, want %d: %q", got, tt.cols, l)
				}
				if w := asciitable.Width(l); tt.args == nil && w > limit {
					t.Errorf("a line %d columns wide: %q", w, l)
				}
			}
			if !strings.HasPrefix(lines[1], "陳大文 ") && !strings.Contains(out.String(), "\n陳大文 ") {
				t.Errorf("no line for 陳大文:\n%s", out)
			}
			if tt.args != nil {
				if len(lines) != 5 {
					t.Errorf("lines after the sparklines: %q", lines[5:])
				}
				return
			}
			note := fmt.Sprintf("columns:  300 evenings in %d columns, ", tt.cols)
			if len(lines) < 6 || !strings.HasPrefix(lines[5], note) {
				t.Errorf("the line after the sparklines: %q, want %q...", lines[5:], note)
			}
		})
	}
}
