package rulesets_test

import (
	"errors"
	"github.com/mjref/mjref/rulesets"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBuiltinsLoad(t *testing.T) {
	infos := rulesets.Builtins()
	if len(infos) < 4 {
		t.Fatalf("Builtins() = %d rulesets, want at least hk, hk-oldstyle, american, deburger-2026", len(infos))
	}
	for _, i := range infos {
		t.Run(i.Name, func(t *testing.T) {
			rs, err := rulesets.Load(i.Name)
			if err != nil {
				t.Fatalf("Load(%s): %v", i.Name, err)
			}
			if rs.Name != i.Name || rs.Family == "" {
				t.Errorf("Load(%s) = name %q family %q", i.Name, rs.Name, rs.Family)
			}
			if _, err := rs.YAML(); err != nil {
				t.Errorf("YAML(): %v", err)
			}
		})
	}
}

func TestExtendsOverrides(t *testing.T) {
	rs, err := rulesets.Load("testdata/club.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if rs.Name != "club" || rs.Extends != "hk" || rs.Family != "hk" {
		t.Errorf("name/extends/family = %q %q %q", rs.Name, rs.Extends, rs.Family)
	}
	if hkOf(rs).Cap != 13 {
		t.Errorf("cap = %d, want 13 from the club file", hkOf(rs).Cap)
	}
	if hkOf(rs).MinFaan != 3 {
		t.Errorf("min_faan = %d, want 3 inherited from hk", hkOf(rs).MinFaan)
	}
	item := hkOf(rs).Items["all-one-suit"]
	if item == nil || item.Value == nil || item.Value.String() != "6" {
		t.Fatalf("all-one-suit = %+v, want value 6 from the club file", item)
	}
	if item.Name == "" || item.ZH == "" {
		t.Errorf("all-one-suit lost its inherited names: %+v", item)
	}
	// The item's source is the club file's line for the overridden mapping.
	if item.Source.Ruleset != "club" || item.Source.Line != 10 {
		t.Errorf("all-one-suit source = %+v, want club line 10", item.Source)
	}
	other := hkOf(rs).Items["all-pongs"]
	if other.Source.Ruleset != "hk" || other.Source.Line == 0 {
		t.Errorf("all-pongs source = %+v, want a line of hk", other.Source)
	}
}

func TestSetOverrides(t *testing.T) {
	rs, err := rulesets.Load("hk", "cap=13", "hk.min_faan=1", "items.all-one-suit.value=6")
	if err != nil {
		t.Fatal(err)
	}
	if hkOf(rs).Cap != 13 || hkOf(rs).MinFaan != 1 || hkOf(rs).Items["all-one-suit"].Value.String() != "6" {
		t.Errorf("overrides not applied: cap %d min %d", hkOf(rs).Cap, hkOf(rs).MinFaan)
	}
	if src := hkOf(rs).Items["all-one-suit"].Source; src.Ruleset != "hk" {
		t.Errorf("a --set value keeps the item's source, got %+v", src)
	}
	// The built-in is unchanged for the next load.
	again, err := rulesets.Load("hk")
	if err != nil {
		t.Fatal(err)
	}
	if hkOf(again).Cap != 10 {
		t.Errorf("a later rulesets.Load sees cap %d: overrides leaked", hkOf(again).Cap)
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		sets     []string
		wantFile string
		wantLine int
		want     string
	}{
		{"unknown key", "testdata/typo.yaml", nil, "testdata/typo.yaml", 5, `unknown key "minfaan": did you mean "min_faan"?`},
		{"wrong type", "testdata/badtype.yaml", nil, "testdata/badtype.yaml", 4, "lots"},
		{"bad value", "testdata/badvalue.yaml", nil, "testdata/badvalue.yaml", 4, "above the cap"},
		{"unknown parent", "testdata/noparent.yaml", nil, "noparent.yaml", 2, `extends "hongkong"`},
		{"cycle", "testdata/cycle-a.yaml", nil, "", 0, "more than 8 levels"},
		{"family differs", "testdata/wrongfamily.yaml", nil, "testdata/wrongfamily.yaml", 3, "differs"},
		{"not a mapping", "testdata/notamap.yaml", nil, "testdata/notamap.yaml", 1, "a ruleset is a YAML mapping"},
		{"no such ruleset", "nosuch", nil, "nosuch", 0, "no such built-in ruleset or file"},
		{"a value's own decoder", "testdata/badlength.yaml", nil, "testdata/badlength.yaml", 4, "8-minutes"},
		{"race and flow disagree", "testdata/raceflow.yaml", nil, "testdata/raceflow.yaml", 7, "differs from deburger.race.target 5000"},
		{"set unknown key", "hk", []string{"capp=3"}, "--set", 0, `unknown key "capp"`},
		{"set bad type", "hk", []string{"cap=x"}, "--set", 0, "cap"},
		{"set not key=value", "hk", []string{"cap"}, "--set", 0, "expected key=value"},
		{"set bad value", "hk", []string{"cap=2"}, "--set", 0, "hk.cap (from --set cap=2): minimum faan 3 is above the cap 2"},
		{"set bad type, in words", "hk", []string{"cap=x"}, "--set", 0, `hk.cap (from --set cap=x): "x" is not a whole number`},
		{"set a new key path", "hk", []string{"items.x.value=1"}, "--set", 0, `hk.items.x (from --set items.x.value=1): unknown item id "x"`},
		{"set a mapping as a scalar", "hk", []string{"settlement.cases.full=3"}, "--set", 0, `"3" is not a mapping: this key holds name, name_zh, each, discarder, others`},
		// Issue 25: the four rules of settlement: take a plain value as their as: choice.
		{"set a plain rule value", "hk", []string{"settlement.multiple_winners=every"}, "--set", 0, `settlement.multiple_winners.as (from --set settlement.multiple_winners=every): unknown "every": expected head-bump or all`},
		{"set a fraction", "hk", []string{"min_faan=1.5"}, "--set", 0, "1.5 is not a whole number"},
		{"user value against an inherited one", "testdata/lowcap.yaml", nil, "testdata/lowcap.yaml", 5, "above the cap 2"},
		{"bad value in an extended user file", "testdata/grandchild.yaml", nil, "testdata/lowcap.yaml", 5, "above the cap 2"},
		{"a fraction where a whole number goes", "testdata/fraction.yaml", nil, "testdata/fraction.yaml", 5, "1.5 is not a whole number"},
		// The cap after the "---" was dropped without a word: the table played cap 10.
		{"a second document", "testdata/twodocs.yaml", nil, "testdata/twodocs.yaml", 6, "a second YAML document: a ruleset is one document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rulesets.Load(tt.file, tt.sets...)
			var re *rulesets.Error
			if !errors.As(err, &re) {
				t.Fatalf("Load = %v, want a *rulesets.Error", err)
			}
			if !errors.Is(err, rulesets.ErrRuleset) {
				t.Error("errors.Is(err, rulesets.ErrRuleset) = false")
			}
			if tt.wantFile != "" && !strings.HasSuffix(re.File, tt.wantFile) {
				t.Errorf("file = %q, want %q", re.File, tt.wantFile)
			}
			if tt.wantLine != 0 && re.Line != tt.wantLine {
				t.Errorf("line = %d, want %d (%v)", re.Line, tt.wantLine, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not contain %q", err, tt.want)
			}
		})
	}
}

func TestSetErrorsCiteTheFlag(t *testing.T) {
	_, err := rulesets.Load("american", "american.concealed_bonus=-3")
	var re *rulesets.Error
	if !errors.As(err, &re) || re.File != "--set" || re.Line != 0 {
		t.Fatalf("Load = %v, want an error citing --set", err)
	}
	_, err = rulesets.Load("american", "american.card=nosuchcard")
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "nosuchcard") {
		t.Fatalf("Load with a missing card = %v, want an error naming it", err)
	}
}

func TestFlowFollowsTheRace(t *testing.T) {
	rs, err := rulesets.Load("deburger-2026", "race.target=5000", "race.ties=mahjong")
	if err != nil {
		t.Fatal(err)
	}
	if rs.Flow.Target.String() != "5000" || rs.Flow.Ties != debOf(rs).Race.Ties {
		t.Errorf("flow target %s ties %s, want the race's 5000 and %s", rs.Flow.Target, rs.Flow.Ties, debOf(rs).Race.Ties)
	}
}

// FuzzLoad feeds arbitrary ruleset files (and a --set override) to the loader: it never panics, and
// every failure is a *rulesets.Error.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"club", "typo", "badtype", "badvalue", "badlength", "raceflow", "wrongfamily"} {
		b, err := os.ReadFile("testdata/" + name + ".yaml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "cap=13")
	}
	f.Add([]byte("name: x\nextends: deburger-2026\ndeburger:\n  race:\n    target: 5\n"), "race.ties=shared")
	f.Add([]byte("name: x\nextends: american\namerican:\n  concealed_bonus: 10\n"), "")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, set string) {
		p := filepath.Join(dir, "fuzz.yaml")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var sets []string
		if set != "" {
			sets = []string{set}
		}
		rs, err := rulesets.Load(p, sets...)
		if err != nil {
			var re *rulesets.Error
			if !errors.As(err, &re) {
				t.Fatalf("Load error %T %v, want *rulesets.Error", err, err)
			}
			return
		}
		if rs.Name == "" || rs.Family == "" {
			t.Fatalf("loaded a ruleset without a name or family: %+v", rs)
		}
	})
}
