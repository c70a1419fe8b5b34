package rulesets

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/scoring"
)

// toyRules is a registered section: what a family's rulesets hold. This package's own tests
// register toy families only: the families mjref plays register theirs from their packages.
type toyRules struct {
	MinPoints int                 `yaml:"min_points"`
	Yaku      map[string]*toyYaku `yaml:"yaku,omitempty"`
}

type toyYaku struct {
	Value  int            `yaml:"value"`
	Source scoring.Source `yaml:"-"`
}

func (r *toyRules) Validate() error {
	if r.MinPoints < 0 {
		return &scoring.RuleError{Path: []string{"min_points"}, Msg: "cannot be negative"}
	}
	return nil
}

const toyYAML = "name: toy\nfamily: toy\ndescription: a toy family\ntoy:\n  min_points: 1\n  yaku:\n    tanyao:\n      value: 1\n"

// toySection is the toy family's section, with a built-in ruleset "toy" and one that extends it,
// and a hook that keeps what it makes of the section.
func toySection() Section {
	return Section{
		Family: "toy",
		New:    func() any { return &toyRules{} },
		Builtins: fstest.MapFS{
			"toy.yaml":      {Data: []byte(toyYAML)},
			"toy-plus.yaml": {Data: []byte("name: toy-plus\nextends: toy\ntoy:\n  min_points: 2\n")},
		},
		Prepare: func(p *Prep) error {
			p.Keep(SectionOf[*toyRules](p.Ruleset, "toy").MinPoints * 10)
			return nil
		},
	}
}

// registerToy registers the toy section and a second family "other" for the test, and takes them
// out again when the test ends. edit, when given, changes the toy section first.
func registerToy(t *testing.T, edit func(*Section)) {
	t.Helper()
	isolate(t)
	toy := toySection()
	if edit != nil {
		edit(&toy)
	}
	RegisterSection(toy)
	RegisterSection(Section{Family: "other", New: func() any { return &toyRules{} },
		Builtins: fstest.MapFS{"other.yaml": {Data: []byte("name: other\nfamily: other\nother:\n  min_points: 0\n")}}})
}

// isolate hides the sections registered (the families mjref plays, which the engine registers for
// this package's external tests, on first use) until the test ends, so that it sees only the toys it registers.
func isolate(t *testing.T) {
	readySections() // the families registered on first use are registered now, and kept for after
	sectionsMu.Lock()
	saved := sections
	sections, decodeTypeCache = nil, nil
	sectionsMu.Unlock()
	t.Cleanup(func() {
		sectionsMu.Lock()
		defer sectionsMu.Unlock()
		sections, decodeTypeCache = saved, nil
	})
}

// A family registers its section and its built-in rulesets: the loader decodes, validates and
// cites them, with nothing of the family written in this package.
func TestRegisteredSection(t *testing.T) {
	registerToy(t, nil)

	rs, err := Load("toy")
	if err != nil {
		t.Fatal(err)
	}
	sec, ok := rs.Section().(*toyRules)
	if !ok || SectionOf[*toyRules](rs, "toy") != sec {
		t.Fatalf("Section() = %T, want *toyRules", rs.Section())
	}
	if SectionOf[*toyRules](rs, "other") != nil {
		t.Error("SectionOf another family's key is not nil")
	}
	if sec.MinPoints != 1 || sec.Yaku["tanyao"].Value != 1 || rs.Kept() != 10 {
		t.Errorf("section = %+v, kept %v", sec, rs.Kept())
	}
	if diff := cmp.Diff(scoring.Source{Ruleset: "toy", Line: 8}, sec.Yaku["tanyao"].Source); diff != "" {
		t.Errorf("tanyao source (-want +got):\n%s", diff)
	}
	if !IsBuiltin("toy") || !slices.ContainsFunc(Builtins(), func(i Info) bool { return i.Name == "toy" && i.Family == "toy" }) {
		t.Errorf("toy is not listed as built in: %v", Builtins())
	}
	if diff := cmp.Diff([]string{"other", "toy-plus", "toy"}, builtinNames()); diff != "" {
		t.Errorf("builtinNames(), in the order of their files (-want +got):\n%s", diff)
	}
	if raw, err := Raw("toy"); err != nil || !strings.HasPrefix(string(raw), "name: toy") {
		t.Errorf("Raw(toy) = %q, %v", raw, err)
	}
	if rs, err := Load("toy", "min_points=4"); err != nil || rs.Section().(*toyRules).MinPoints != 4 || rs.Kept() != 40 {
		t.Errorf("--set min_points=4: %v", err)
	}
	if rs, err := Load("toy-plus"); err != nil || rs.Section().(*toyRules).MinPoints != 2 || rs.Extends != "toy" {
		t.Errorf("toy-plus: %v", err)
	}

	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name, file, want string
	}{
		{"unknown key", "name: t\nextends: toy\ntoy:\n  min_pionts: 2\n", `unknown key.yaml:4: unknown key "min_pionts": did you mean "min_points"?`},
		{"unknown section", "name: t\nextends: toy\ntoys:\n  min_points: 2\n", `unknown section.yaml:3: unknown key "toys": did you mean "toy"?`},
		{"section key at the top", "name: t\nextends: toy\nmin_points: 2\n", `section key at the top.yaml:3: unknown key "min_points": it goes under toy: or other:, indented below that line`},
		{"settlement key at the top", "name: t\nextends: toy\ndiscard: full\n", `settlement key at the top.yaml:3: unknown key "discard": it goes under settlement:, indented below that line`},
		{"no home", "name: t\nextends: toy\nzzz: 2\n", `no home.yaml:3: unknown key "zzz"`},
		{"validate", "name: t\nextends: toy\ntoy:\n  min_points: -1\n", "validate.yaml:4: cannot be negative"},
		{"fraction", "name: t\nextends: toy\ntoy:\n  min_points: 1.5\n", "fraction.yaml:4: 1.5 is not a whole number"},
		{"family listed", "name: t\nfamily: nope\n", `family "nope": expected other or toy`},
		{"other section", "name: t\nextends: other\ntoy:\n  min_points: 2\n", "a other ruleset cannot have a toy: section"},
		{"no section", "name: t\nfamily: toy\n", "family toy needs a toy: section"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(write(tc.name+".yaml", tc.file))
			if err == nil || !errors.Is(err, ErrRuleset) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Load = %v, want an error with %q", err, tc.want)
			}
		})
	}
}

// The families are listed as a listing reads them: the default ruleset's family first, then by
// name.
func TestFamiliesOrder(t *testing.T) {
	registerToy(t, nil)
	if diff := cmp.Diff([]string{"other", "toy"}, Families()); diff != "" {
		t.Errorf("Families() (-want +got):\n%s", diff)
	}
	RegisterSection(Section{Family: "first", New: func() any { return &toyRules{} },
		Builtins: fstest.MapFS{Default + ".yaml": {Data: []byte("name: " + Default + "\nfamily: first\nfirst:\n  min_points: 0\n")}}})
	if diff := cmp.Diff([]string{"first", "other", "toy"}, Families()); diff != "" {
		t.Errorf("Families() with the default's family (-want +got):\n%s", diff)
	}
	if got := familyList(); got != "first, other or toy" {
		t.Errorf("familyList() = %q", got)
	}
}

// Registering what is taken panics: found at start-up.
func TestRegisterSectionRefuses(t *testing.T) {
	registerToy(t, nil)
	for name, s := range map[string]Section{
		"twice":         toySection(),
		"a ruleset key": {Family: "settlement", New: func() any { return &toyRules{} }},
		"not a struct":  {Family: "x", New: func() any { return new(int) }},
		"a built-in taken": {Family: "x", New: func() any { return &toyRules{} },
			Builtins: fstest.MapFS{"toy.yaml": {Data: []byte(toyYAML)}}},
		"a snapshot of no built-in": {Family: "x", New: func() any { return &toyRules{} },
			Snapshots: &Snapshots{Rulesets: map[string]Snapshot{"nosuch": {}}}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("registered")
				}
			}()
			RegisterSection(s)
		})
	}
}

// With no section registered, a ruleset decodes into Ruleset itself.
func TestNoSections(t *testing.T) {
	isolate(t)
	if got := decodeType(); got.String() != "rulesets.Ruleset" {
		t.Errorf("decodeType() = %v", got)
	}
	if len(Families()) != 0 {
		t.Errorf("Families() = %v", Families())
	}
}
