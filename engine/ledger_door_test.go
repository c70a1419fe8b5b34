package engine

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
)

// TestOpenLedgerReadsHeaderOnce: opening a game for a run reads the file's header once, to check
// the run's settings against the game's and to bind its ruleset.
func TestOpenLedgerReadsHeaderOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	if _, err := NewLedger(path, "hk", NewLedgerOptions{Players: [4]string{"Ann", "Ben", "Cat", "Dan"}, Set: []string{"cap=13"}}); err != nil {
		t.Fatal(err)
	}
	reads := 0
	readHeader = func(p string) (ledger.Header, error) { reads++; return ledger.ReadHeader(p) }
	t.Cleanup(func() { readHeader = ledger.ReadHeader })
	for _, opt := range []LedgerOpening{{}, {Record: true}, {Use: LedgerAdds, Set: []string{"cap=13"}, Rules: "hk"}} {
		reads = 0
		if _, err := OpenLedgerWith(path, opt); err != nil {
			t.Fatalf("%+v: %v", opt, err)
		}
		if reads != 1 {
			t.Errorf("%+v: the header was read %d times, want once", opt, reads)
		}
	}
}

// TestKeepsSettings: a ledger keeps the ruleset and the overrides it was started with; a run that
// would change how it is paid is refused, in each door's words.
func TestKeepsSettings(t *testing.T) {
	h := ledger.Header{Ruleset: "hk", Family: "hk", Sets: []string{"cap=13"}}
	for _, tt := range []struct {
		name      string
		opt       LedgerOpening
		err, hint string
	}{
		{"the game's own", LedgerOpening{Set: []string{"cap=13"}, Rules: "hk"}, "", ""},
		{"for this hand", LedgerOpening{Use: LedgerAdds, Set: []string{"cap=10"}, ThisHand: true}, "", ""},
		{"another value", LedgerOpening{Use: LedgerAdds, Set: []string{"cap=10"}},
			"--set cap=10: the game plays cap by --set cap=13, given to 'ledger new' and kept in the ledger's header (line 1)",
			"a ledger keeps the settings it was started with; to pay one hand differently, add --this-hand to 'ledger add'"},
		{"not given to new", LedgerOpening{Set: []string{"settlement.discard=full"}},
			"--set settlement.discard=full: the game plays settlement.discard by the ruleset hk's own setting (no --set for it was given to 'ledger new')",
			"a ledger keeps the settings it was started with: drop --set"},
		{"an amend's this hand", LedgerOpening{Use: LedgerAmends, Set: []string{"cap=10"}, ThisHand: true},
			"--set cap=10: the game plays cap by --set cap=13, given to 'ledger new' and kept in the ledger's header (line 1)",
			"a ledger keeps the settings it was started with; to pay one hand differently, add --this-hand to 'ledger add'"},
		{"this hand without a set", LedgerOpening{Use: LedgerAdds, ThisHand: true}, "--this-hand: give the --set that applies to this hand only", ""},
		{"another ruleset", LedgerOpening{Rules: "american"}, "--rules american: the ledger g.jsonl is played under hk",
			"drop --rules: a ledger keeps the ruleset it was started with"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := KeepsSettings(h, "g.jsonl", tt.opt)
			if tt.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || err.Error() != tt.err || family.HintOf(err) != tt.hint {
				t.Fatalf("got %v (hint %q), want %s (hint %q)", err, family.HintOf(err), tt.err, tt.hint)
			}
			if !IsInput(err) {
				t.Errorf("%v is not bad input", err)
			}
			if msg, hint := family.Worded(err, family.HTTP); strings.Contains(msg+hint, "--") {
				t.Errorf("an HTTP answer would name a flag: %s (hint %s)", msg, hint)
			}
		})
	}
}

// TestLedgerKeptOpen: a Ledger kept open (as mjref serve keeps one) refuses a file that now holds
// another game, rather than settle it under the game it was opened on.
func TestLedgerKeptOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl")
	players := [4]string{"Ann", "Ben", "Cat", "Dan"}
	if _, err := NewLedger(path, "hk", NewLedgerOptions{Players: players}); err != nil {
		t.Fatal(err)
	}
	l, err := OpenLedger(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Add(LedgerRequest{Drawn: true}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, filepath.Join(filepath.Dir(path), ".g.jsonl.state")} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	if _, err := NewLedger(path, "american", NewLedgerOptions{Players: players}); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Add(LedgerRequest{Winner: "Ben", Faan: "5", Discarder: "Cat"}); !errors.Is(err, ledger.ErrChanged) {
		t.Errorf("Add to a file that holds another game: %v, want ErrChanged", err)
	}
	if _, err := l.Show(); !errors.Is(err, ledger.ErrChanged) {
		t.Errorf("Show of a file that holds another game: %v, want ErrChanged", err)
	}
}

// TestRefuseLedgerFields: the first field a family does not read is refused with its hint, in each
// door's words.
func TestRefuseLedgerFields(t *testing.T) {
	e, err := Open("american", Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = refuseLedgerFields(e.rules, []string{"winner", "limit", "faan"})
	if err == nil || err.Error() != "--limit does not apply to this ledger's ruleset american (family american)" || family.HintOf(err) == "" {
		t.Fatalf("refused: %v (hint %q)", err, family.HintOf(err))
	}
	msg, hint := family.Worded(err, family.HTTP)
	if msg != `"limit" does not apply to this ledger's ruleset american (family american)` || strings.Contains(hint, "--") {
		t.Errorf("HTTP: %s (hint %s)", msg, hint)
	}
	if err := refuseLedgerFields(e.rules, []string{"winner", "value", "note"}); err != nil {
		t.Errorf("fields American reads: %v", err)
	}
}

// TestLedgerErrorFull: a ledger at its limit is bad input (exit 2 at the command line) with the way
// on, not a bug.
func TestLedgerErrorFull(t *testing.T) {
	err := ledgerError("g.jsonl", fmt.Errorf("g.jsonl: %w: it holds 67108800 bytes and this change needs 190 more", ledger.ErrFull))
	if !IsInput(err) {
		t.Errorf("a full ledger is not bad input: %v", err)
	}
	if !errors.Is(err, ledger.ErrFull) {
		t.Errorf("the error lost ErrFull: %v", err)
	}
	if hint := family.HintOf(err); !strings.Contains(hint, "mjref ledger new") {
		t.Errorf("hint %q does not say to start a new ledger", hint)
	}
}
