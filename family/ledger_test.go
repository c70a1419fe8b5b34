package family_test

import (
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
)

func rulesFor(t *testing.T, name string, set ...string) family.Rules {
	t.Helper()
	e, err := engine.Open(name, engine.Options{Set: set})
	if err != nil {
		t.Fatal(err)
	}
	return e.Rules()
}

// TestLedgerTakes: each family refuses the other families' flags, with what to give instead.
func TestLedgerTakes(t *testing.T) {
	tests := []struct {
		rules, flag string
		ok          bool
		hint        string
	}{
		{"hk", "faan", true, ""},
		{"hk", "value", false, "use --faan N"},
		{"hk", "log", true, ""},
		{"american", "faan", false, "use --value N"},
		{"american", "responsible", false, ""},
		{"american", "jokerless", true, ""},
		{"deburger-2026", "false-win", false, "--points"},
		{"deburger-2026", "hand", true, ""},
		{"deburger-2026", "note", true, ""},
	}
	for _, tt := range tests {
		ok, hint := rulesFor(t, tt.rules).Takes(family.UseLedger, tt.flag)
		if ok != tt.ok || !strings.Contains(hint, tt.hint) {
			t.Errorf("%s --%s: %v %q, want %v %q", tt.rules, tt.flag, ok, hint, tt.ok, tt.hint)
		}
	}
	for _, tt := range []struct{ rules, unit string }{{"hk", "faan"}, {"american", "value"}, {"deburger-2026", ""}} {
		r := rulesFor(t, tt.rules).(engine.Scorekeeper)
		if r.LedgerUnit() != tt.unit {
			t.Errorf("%s: unit %q, want %q", tt.rules, r.LedgerUnit(), tt.unit)
		}
		if flow := r.LedgerFlow(); flow.Validate() != nil {
			t.Errorf("%s: flow: %v", tt.rules, flow.Validate())
		}
	}
}
