package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"pgregory.net/rapid"
)

// runLedger runs mjref in-process and returns stdout, stderr and the exit status.
func runLedger(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := Run(args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	return out.String(), errOut.String(), code
}

// TestLedgerFlags: each ledger command parses its own flags into its own options.
func TestLedgerFlags(t *testing.T) {
	file := func(name string) ledgerFile { return ledgerFile{File: name} }
	tests := []struct {
		name    string
		args    []string
		want    any
		wantErr string
	}{
		{"new", []string{"new", "e.jsonl", "--players", "A,B,C,D", "--length", "8-hands", "--stake", "100"},
			&ledgerNewOptions{ledgerFile: file("e.jsonl"), Players: "A,B,C,D", Length: "8-hands", Stake: "100"}, ""},
		{"add from a result", []string{"add", "e.jsonl", "--winner", "Ben", "--faan", "5", "--discarder", "Cat"},
			&ledgerAddOptions{file("e.jsonl"), ledgerResult{Winner: "Ben", Faan: "5", Discarder: "Cat"}}, ""},
		{"add points", []string{"add", "e.jsonl", "--winner", "Ann", "--points", "Ann=1,Ben=-1", "--points", "Cat=0,Dan=0"},
			&ledgerAddOptions{file("e.jsonl"), ledgerResult{Winner: "Ann", Points: []string{"Ann=1,Ben=-1", "Cat=0,Dan=0"}}}, ""},
		{"add a log", []string{"add", "e.jsonl", "--log", "h.yaml"},
			&ledgerAddOptions{file("e.jsonl"), ledgerResult{Log: "h.yaml"}}, ""},
		{"export csv", []string{"export", "e.jsonl", "-o", "csv"},
			&ledgerExportOptions{ledgerFile: ledgerFile{File: "e.jsonl", Output: FormatTable}, Format: "csv"}, ""},
		{"export json by default", []string{"export", "e.jsonl"},
			&ledgerExportOptions{ledgerFile: ledgerFile{File: "e.jsonl", Output: FormatTable}, Format: "json"}, ""},
		{"export table", []string{"export", "e.jsonl", "-o", "table"}, nil, "valid values are json|yaml|csv|jsonl"},
		{"chart", []string{"chart", "e.jsonl", "--out", "c.svg"},
			&ledgerChartOptions{ledgerFile: file("e.jsonl"), Out: "c.svg"}, ""},
		{"no file", []string{"show"}, nil, "takes one ledger file, got 0"},
		{"show", []string{"show", "e.jsonl", "--summary"}, &ledgerShowOptions{file("e.jsonl"), true}, ""},
		{"several winners", []string{"add", "e.jsonl", "--winner", "Ben,Dan", "--faan", "5,3", "--discarder", "Cat"},
			&ledgerAddOptions{file("e.jsonl"), ledgerResult{Winner: "Ben,Dan", Faan: "5,3", Discarder: "Cat"}}, ""},
		{"amend", []string{"amend", "e.jsonl", "--hand-number", "3", "--drawn"},
			&ledgerAmendOptions{file("e.jsonl"), ledgerResult{Drawn: true}, 3}, ""},
		{"wait", []string{"undo", "e.jsonl", "--wait", "5s"},
			&ledgerWriteOptions{file("e.jsonl"), 5 * time.Second}, ""},
		{"wait not a duration", []string{"undo", "e.jsonl", "--wait", "5"}, nil, "invalid argument"},
		{"seat", []string{"seat", "e.jsonl", "--replace", "Dan", "--with", "Eve"},
			&ledgerSeatOptions{ledgerFile: file("e.jsonl"), Replace: "Dan", With: "Eve"}, ""},
		{"rename", []string{"rename", "e.jsonl", "--replace", "Dan", "--with", "Dave"},
			&ledgerSeatOptions{ledgerFile: file("e.jsonl"), Rename: true, Replace: "Dan", With: "Dave"}, ""},
		{"verify", []string{"verify", "e.jsonl", "--head", "3:ab"}, &ledgerVerifyOptions{file("e.jsonl"), "3:ab"}, ""},
		{"no command", []string{}, nil, "ledger needs a command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &factory{IO: &IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}}
			var got any
			cmd := newLedgerCmd(f, func(o any) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			cmd.SilenceErrors, cmd.SilenceUsage = true, true
			err := cmd.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(ledgerFile{}, "IO"),
				cmp.AllowUnexported(ledgerNewOptions{}, ledgerAddOptions{}, ledgerAmendOptions{}, ledgerShowOptions{}, ledgerWriteOptions{},
					ledgerSeatOptions{}, ledgerVerifyOptions{}, ledgerExportOptions{}, ledgerChartOptions{})); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestLedgerProperties plays random Hong Kong evenings through the command line: every recorded
// hand's changes add up to zero, the standings are the sum of the changes, the dealer deals again
// exactly after a dealer win or a drawn hand, and a refused command leaves the file as it was.
func TestLedgerProperties(t *testing.T) {
	players := []string{"Ann", "Ben", "Cat", "Dan"}
	dir := syncFreeDir(t)
	n := 0
	rapid.Check(t, func(rt *rapid.T) {
		n++
		file := filepath.Join(dir, fmt.Sprintf("p%d.jsonl", n))
		if _, stderr, code := runLedger("ledger", "new", file, "--players", strings.Join(players, ","), "--length", "open"); code != 0 {
			rt.Fatalf("new: %d %s", code, stderr)
		}
		added := 0
		steps := rapid.IntRange(1, 10).Draw(rt, "steps")
		for range steps {
			var args []string
			bad, below := false, false
			switch rapid.IntRange(0, 5).Draw(rt, "kind") {
			case 0:
				args = []string{"--drawn"}
			case 1:
				args = []string{"undo"}
			case 2: // bad input: an unknown player
				args, bad = []string{"--winner", "Eve", "--faan", "3", "--win", "self-draw"}, true
			default:
				w := rapid.SampledFrom(players).Draw(rt, "winner")
				faan := rapid.IntRange(0, 13).Draw(rt, "faan")
				args = []string{"--winner", w, "--faan", fmt.Sprint(faan)}
				below = faan < 3 // hk's minimum: not a win, nothing recorded
				if d := rapid.SampledFrom(players).Draw(rt, "discarder"); d != w {
					args = append(args, "--discarder", d)
				} else {
					args = append(args, "--win", "self-draw")
				}
			}
			before := readState(rt, file)
			var code int
			var stderr string
			if args[0] == "undo" {
				_, stderr, code = runLedger("ledger", "undo", file)
				if added == 0 {
					if code != ExitInput {
						rt.Fatalf("undo with nothing to undo: exit %d", code)
					}
					continue
				}
				added--
			} else {
				_, stderr, code = runLedger(append([]string{"ledger", "add", file}, args...)...)
				if bad || below {
					want := ExitInput
					if below {
						want = ExitNo
					}
					if code != want {
						rt.Fatalf("%v: exit %d, want %d: %s", args, code, want, stderr)
					}
					if after := readState(rt, file); after.Events != before.Events {
						rt.Fatalf("a refused hand changed the record: %d events, then %d", before.Events, after.Events)
					}
					continue
				}
				added++
			}
			if code != 0 {
				rt.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
		}
		st := readState(rt, file)
		if st.Played != added {
			rt.Fatalf("played %d, want %d", st.Played, added)
		}
		var sums [4]ledger.Amount
		for i, e := range st.History {
			var sum ledger.Amount
			for p, d := range e.Deltas {
				sum += d
				sums[p] += d
			}
			if sum != 0 {
				rt.Fatalf("hand %d: changes %v add up to %s", e.Number, e.Deltas, sum)
			}
			if i+1 < len(st.History) {
				repeat := e.Hand.Drawn || e.Hand.Winner == e.Dealer
				if next := st.History[i+1].Dealer; (next == e.Dealer) != repeat {
					rt.Fatalf("hand %d (%s, dealt by %s) is followed by a deal by %s", e.Number, e.Hand.String(), e.Dealer, next)
				}
			}
		}
		if sums != st.Totals {
			rt.Fatalf("totals %v, the changes add up to %v", st.Totals, sums)
		}
	})
}

// syncFreeDir returns a temporary directory, in memory where the system has one (/dev/shm), so
// that the ledger's sync per event costs nothing in tests that write many hands.
func syncFreeDir(t *testing.T) string {
	if dir, err := os.MkdirTemp("/dev/shm", "mjref-ledger-"); err == nil {
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	return t.TempDir()
}

// readState reads a ledger through 'mjref ledger export -o json'.
func readState(t interface{ Fatalf(string, ...any) }, file string) ledger.State {
	out, stderr, code := runLedger("ledger", "export", file, "-o", "json")
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	// The export keys amounts by seat and by player (see schema.LedgerEntry): read them back by place.
	var doc struct {
		ledger.State
		Totals  map[string]ledger.Amount `json:"totals"`
		History []struct {
			ledger.Entry
			Deltas  map[string]ledger.Amount `json:"deltas"`
			Changes map[string]ledger.Amount `json:"changes"`
			Totals  map[string]ledger.Amount `json:"totals"`
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("export: %v", err)
	}
	st := doc.State
	for p, name := range st.Players {
		st.Totals[p] = doc.Totals[name]
	}
	for _, h := range doc.History {
		e := h.Entry
		for p, name := range e.Players {
			e.Deltas[p], e.Totals[p] = h.Changes[name], h.Totals[name]
			if h.Deltas[e.Seats[p].String()] != e.Deltas[p] {
				t.Fatalf("hand %d: %s at %s: deltas %v, changes %v", e.Number, name, e.Seats[p], h.Deltas, h.Changes)
			}
		}
		st.History = append(st.History, e)
	}
	return st
}

// BenchmarkLedgerShow replays and prints a ledger of 200 hands, as 'mjref ledger show' does.
func BenchmarkLedgerShow(b *testing.B) {
	file := filepath.Join(b.TempDir(), "long.jsonl")
	l, err := ledger.Create(file, ledger.Header{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}, Ruleset: "hk", Family: "hk",
		Flow: gamerules.Flow{DealerRepeatsOnWin: true, DealerRepeatsOnDraw: true, PrevailingWind: true, ZeroSum: true}})
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	for i := range 200 {
		w := names[i%4]
		d := make([]ledger.Amount, 4)
		for j := range 4 {
			d[j] = ledger.Whole(-4)
		}
		d[i%4] = ledger.Whole(12)
		if _, err := l.Add(ledger.Hand{Winner: w, Faan: 3, Deltas: d}); err != nil {
			b.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, stderr, code := runLedger("ledger", "show", file); code != 0 {
			b.Fatalf("exit %d: %s", code, stderr)
		}
	}
}
