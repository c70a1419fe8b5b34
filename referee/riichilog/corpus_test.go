package riichilog_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/internal/corpus"
	"github.com/mjref/mjref/referee/riichilog"
)

// findShared finds the outside riichi test data (corpus.Riichi).
func findShared() string { return corpus.Riichi("../..") }

func corpusFiles(t *testing.T) []string {
	t.Helper()
	sharedDir := findShared()
	if sharedDir == "" {
		t.Skip("no outside riichi logs: they are read from ../shared/riichi beside the repository, which is absent")
	}
	dir := filepath.Join(sharedDir, "tenhou_logs")
	var files []string
	for _, pat := range []string{"*.xml", "*.xml_"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	files = append(files, filepath.Join(sharedDir, "riichienv", "126_204_0_mjai.jsonl"))
	return files
}

// otherRules are the corpus logs played under rules the GO type's known bits do not describe
// (the bits 0x200 and 0x400 of chip and ratio lobbies; README.txt: "different calculation rules
// (like kiriage mangan)"), with the differences the Tenhou-rules arithmetic finds in them: kiriage
// mangan (30 fu 4 han paid as mangan), and in ratio1 a honba worth 1,500 on ron. Nothing else may
// differ.
var otherRules = map[string][]string{
	"chip.xml_": {
		"E1 (element 90 <AGARI> at byte 4590) points: the log has 12000, the arithmetic 11700 (tsumo 4 han 30 fu: base 1920)",
		"E1 (element 90 <AGARI> at byte 4590) seat 0 delta: the log has 13000, the arithmetic 12700 (tsumo 4 han 30 fu: base 1920)",
		"E1 (element 90 <AGARI> at byte 4590) seat 1 delta: the log has -4000, the arithmetic -3900 (tsumo 4 han 30 fu: base 1920)",
		"E1 (element 90 <AGARI> at byte 4590) seat 2 delta: the log has -4000, the arithmetic -3900 (tsumo 4 han 30 fu: base 1920)",
		"E1 (element 90 <AGARI> at byte 4590) seat 3 delta: the log has -4000, the arithmetic -3900 (tsumo 4 han 30 fu: base 1920)",
	},
	"ratio1.xml_": {
		"E2 (element 242 <AGARI> at byte 5982) points: the log has 8000, the arithmetic 7900 (tsumo 4 han 30 fu: base 1920)",
		"E2 (element 242 <AGARI> at byte 5982) seat 1 delta: the log has -4000, the arithmetic -3900 (tsumo 4 han 30 fu: base 1920)",
		"E2 (element 242 <AGARI> at byte 5982) seat 2 delta: the log has 9000, the arithmetic 8900 (tsumo 4 han 30 fu: base 1920)",
		"E3 (element 463 <AGARI> at byte 8524) seat 2 delta: the log has -9500, the arithmetic -8300 (ron 4 han mangan: base 2000)",
		"E3 (element 463 <AGARI> at byte 8524) seat 3 delta: the log has 11500, the arithmetic 10300 (ron 4 han mangan: base 2000)",
	},
}

// TestCorpus reads every log of ../shared/riichi and checks its recorded payments against the
// payment arithmetic: every win's limit, points and deltas, every draw's, the running scores and
// the final ones.
func TestCorpus(t *testing.T) {
	wins := 0
	for _, path := range corpusFiles(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			g, err := riichilog.Read(data)
			if err != nil {
				t.Fatalf("read: %v", err)
			}
			for _, r := range g.Rounds {
				for _, res := range r.Results {
					if res.Kind == riichilog.Ron || res.Kind == riichilog.Tsumo {
						wins++
					}
				}
			}
			diffs, unchecked := riichilog.Check(g)
			var lines []string
			for _, d := range diffs {
				lines = append(lines, d.String())
			}
			t.Logf("%s: %s, %d players, GO type %d, %d hands, %d results unchecked", name, g.Format, g.Rules.Players, g.Rules.Type, len(g.Rounds), unchecked)
			if want, ok := otherRules[name]; ok {
				if g.Rules.Other == 0 {
					t.Errorf("GO type %d has no bits beyond the known eight, but the log is listed as other rules", g.Rules.Type)
				}
				if diff := cmp.Diff(want, lines); diff != "" {
					t.Errorf("differences under other rules (-want +got)\n%s", diff)
				}
				return
			}
			if len(lines) > 0 {
				t.Errorf("%d differences:\n%s", len(lines), strings.Join(lines, "\n"))
			}
		})
	}
	t.Logf("%d wins", wins)
}

// TestCorpusSteps rules on every step of every corpus game (issue 29 item 2): real games, so every
// step is legal, and the count of steps ruled shows the checks ran.
func TestCorpusSteps(t *testing.T) {
	steps := 0
	for _, path := range corpusFiles(t) {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := riichilog.Read(data)
		if err != nil {
			t.Fatalf("%s: read: %v", name, err)
		}
		v := riichilog.Review(g, nil)
		for _, h := range v.Hands {
			steps += len(h.Steps)
			for _, s := range h.Steps {
				if s.Verdict != riichilog.VerdictOK {
					t.Errorf("%s %s-%d step %d (%s) %s: %s (%s)", name, h.Round, h.Honba, s.Event, s.At, s.Action, s.Reason, s.Rule)
				}
			}
		}
	}
	t.Logf("%d steps ruled, every one legal", steps)
	if steps < 15000 {
		t.Errorf("%d steps ruled: the corpus has some 17,000", steps)
	}
}
