package cmd

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/internal/tablefit"
)

// widthCommands draw every table mjref has: each command, each family, each shape of result.
func widthCommands(dir string) [][]string {
	logs := filepath.Join("..", "referee", "testdata", "logs")
	ev := filepath.Join(dir, "evening.jsonl")
	return [][]string{
		{"parse", "E E E Rd Rd 123s+4s [555p@W] (7777m) 2f*"},
		{"score", "123m456p789s111z55z", "--win", "self-draw"},
		{"score", "123m777z99m [555p] [789s] 1f 2f*", "--rules", "deburger-2026", "--win", "self-draw"},
		{"score", "123m456p777z99p5m8s 3f*", "--rules", "deburger-2026", "--loser"},
		{"score", "NN 2026m SS 666p 66sJ", "--rules", "american"},
		{"score", "NN 2026m SS 666p 66s5m", "--rules", "american"},
		{"waits", "123m456p789s11z45s", "--seen", "3s"},
		{"waits", "123m456p789s11z459s"},
		{"settle", "--faan", "6", "--winner", "S", "--discarder", "W"},
		{"settle", "[555z] [666z] [777z@E] 123m 9p+9p", "--seat", "N", "--win", "self-draw"},
		{"settle", "--winner", "S,N", "--faan", "5,3", "--discarder", "W", "--set", "settlement.multiple_winners.as=all"},
		{"settle", "--rules", "deburger-2026", "--hand", "E=123m456m789p111z55s", "--hand", "S=123m456p777z99p5m8s",
			"--hand", "W=123m456p777z99p5m8s 3f*", "--hand", "N=13579m2468p1357s", "--mahjong", "E", "--win", "self-draw"},
		{"settle", "--rules", "american", "--value", "25", "--winner", "S", "--discarder", "W"},
		{"closest", "NN 2026m SS 666p 66s", "--rules", "american"},
		{"card", "list"},
		{"card", "show"},
		{"card", "check", "sample-2026"},
		{"referee", filepath.Join(logs, "issue-example.yaml")},
		{"referee", filepath.Join(logs, "responsibility.yaml")},
		{"referee", filepath.Join(logs, "american", "self-draw.yaml")},
		{"referee", filepath.Join(logs, "deburger", "every-player-scores.yaml")},
		{"claim", "--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E win",
			"--hand", "S=123m456p789s11z46p", "--hand", "E=11z123m456s789s46p"},
		{"rules", "list"},
		{"ledger", "new", ev, "--players", "Ann Lee,Ben Wong,Cat Chan,Dan Ho"},
		{"ledger", "add", ev, "--winner", "Ben Wong", "--faan", "5", "--discarder", "Cat Chan"},
		{"ledger", "add", ev, "--hand", "[555z] [666z] [777z@Ann Lee] 123m 9p+9p", "--winner", "Dan Ho", "--win", "self-draw"},
		{"ledger", "show", ev},
		{"ledger", "undo", ev},
		{"parse", "123m45x"}, // an error message
	}
}

// TestTablesFit80 renders every command's tables at 80 columns and checks that no line is longer, and that
// --wide gives the output of a pipe (no limit) exactly.
func TestTablesFit80(t *testing.T) {
	narrowDir, wideDir, pipeDir := t.TempDir(), t.TempDir(), t.TempDir()
	narrow, wide, pipe := widthCommands(narrowDir), widthCommands(wideDir), widthCommands(pipeDir)
	for i, args := range narrow {
		t.Run(strings.Join(args[:min(2, len(args))], " "), func(t *testing.T) {
			ios, out, errOut := testIO("")
			ios.Width, ios.ErrWidth = 80, 80
			code := Run(args, ios)
			if code == ExitBug {
				t.Fatalf("mjref %q: exit %d\n%s", args, code, errOut)
			}
			if out.Len() == 0 && !strings.HasPrefix(errOut.String(), "mjref: error") {
				t.Fatalf("mjref %q printed nothing: %s", args, errOut)
			}
			for _, l := range strings.Split(out.String()+errOut.String(), "\n") {
				if w := tablefit.Width(l); w > 80 {
					t.Errorf("mjref %q: a line %d columns wide:\n%s\n%s", args, w, l, out)
				}
			}

			wideIO, wideOut, wideErr := testIO("")
			wideIO.Width, wideIO.ErrWidth = 80, 80
			Run(append(append([]string(nil), wide[i]...), "--wide"), wideIO)
			pipeIO, pipeOut, pipeErr := testIO("")
			Run(pipe[i], pipeIO)
			if got, want := strip(wideOut, wideDir), strip(pipeOut, pipeDir); got != want {
				t.Errorf("mjref %q --wide differs from the output to a pipe:\n%s\nwant:\n%s", args, got, want)
			}
			if got, want := strip(wideErr, wideDir), strip(pipeErr, pipeDir); got != want {
				t.Errorf("mjref %q --wide: stderr differs from the output to a pipe:\n%s\nwant:\n%s", args, got, want)
			}
		})
	}
}

// strip removes the temporary directory from output, so runs in two directories compare.
func strip(b *bytes.Buffer, dir string) string { return strings.ReplaceAll(b.String(), dir, "DIR") }

// TestLedgerHistoryFits80: the history of a game with long and Chinese names, two winners on one
// discard and a note keeps its table at 80 columns (the narrow layout: the dealer over the
// result, each total under the change, the notes after the table), not records.
func TestLedgerHistoryFits80(t *testing.T) {
	ev := filepath.Join(t.TempDir(), "cjk.jsonl")
	steps := [][]string{
		{"ledger", "new", ev, "--players", "Alexandra Montgomery,張偉明,Bartholomew Lee,李小龍", "--set", "settlement.multiple_winners.as=all"},
		{"ledger", "add", ev, "--winner", "張偉明,Bartholomew Lee", "--faan", "5,7", "--discarder", "李小龍"},
		{"ledger", "add", ev, "--winner", "Alexandra Montgomery", "--faan", "10", "--win", "self-draw",
			"--note", "settled at the break: see settlement.self_draw=each in the house rules"},
		{"ledger", "add", ev, "--winner", "李小龍,張偉明", "--faan", "3,limit", "--discarder", "Bartholomew Lee"},
	}
	for _, args := range steps {
		if _, errOut, code := runLedger(args...); code != 0 {
			t.Fatalf("mjref %q: exit %d: %s", args, code, errOut)
		}
	}
	ios, out, errOut := testIO("")
	ios.Width = 80
	if code := Run([]string{"ledger", "show", ev}, ios); code != 0 {
		t.Fatalf("ledger show: exit %d: %s", code, errOut)
	}
	text := out.String()
	for _, l := range strings.Split(text, "\n") {
		if w := tablefit.Width(l); w > 80 {
			t.Errorf("a line %d columns wide:\n%s", w, l)
		}
	}
	for _, want := range []string{
		"| # | hand ",
		"| 1 | Alexandra Montgomery deals: ",
		"| E | 張偉明 wins 5 faan and ",
		"| = 0 ", "| +36 ", "| -108 ", "| = -108 ",
		"note:     hand 2: settled at the break: see settlement.self_draw=each in the",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the history lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "-[ 1 ]") {
		t.Errorf("the history is laid out as records, not a table:\n%s", text)
	}
	// To a pipe (no width) the history keeps one line a hand, the note in the result.
	wide, _, _ := runLedger("ledger", "show", ev)
	if !strings.Contains(wide, "| 2    | E    | 張偉明               | Alexandra Montgomery wins 10 faan by self-draw (settled at the break") {
		t.Errorf("the wide history changed:\n%s", wide)
	}
	// A fifth long name is too many even for the narrow layout: a record a hand, each player's
	// change and total on one line.
	if _, errOut, code := runLedger("ledger", "seat", ev, "--replace", "李小龍", "--with", "歐陽娜娜 Nana-Christina"); code != 0 {
		t.Fatalf("ledger seat: exit %d: %s", code, errOut)
	}
	ios, out, errOut = testIO("")
	ios.Width = 80
	if code := Run([]string{"ledger", "show", ev}, ios); code != 0 {
		t.Fatalf("ledger show: exit %d: %s", code, errOut)
	}
	text = out.String()
	for _, l := range strings.Split(text, "\n") {
		if w := tablefit.Width(l); w > 80 {
			t.Errorf("five players: a line %d columns wide:\n%s", w, l)
		}
	}
	if !strings.Contains(text, "-[ 1 ]") || !strings.Contains(text, "| -108 = -108") {
		t.Errorf("five players: not one record a hand with changes as '-108 = -108':\n%s", text)
	}
}
