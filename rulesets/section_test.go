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

// toyRules is a registered section: what a fourth family's rulesets hold.
type toyRules struct {
	MinPoints int `yaml:"min_points"`
	Yaku      map[string]*struct {
		Value  int            `yaml:"value"`
		Source scoring.Source `yaml:"-"`
	} `yaml:"yaku,omitempty"`
}

func (r *toyRules) Validate() error {
	if r.MinPoints < 0 {
		return &scoring.RuleError{Path: []string{"min_points"}, Msg: "cannot be negative"}
	}
	return nil
}

// registerToy registers the toy section with a built-in ruleset "toy" for the test, and takes it
// out again when the test ends.
func registerToy(t *testing.T) {
	t.Helper()
	RegisterSection(Section{
		Family: "toy",
		New:    func() any { return &toyRules{} },
		Builtins: fstest.MapFS{"toy.yaml": {Data: []byte(
			"name: toy\nfamily: toy\ndescription: a toy family\ntoy:\n  min_points: 1\n  yaku:\n    tanyao:\n      value: 1\n")}},
	})
	t.Cleanup(func() {
		sectionsMu.Lock()
		defer sectionsMu.Unlock()
		sections = slices.DeleteFunc(sections, func(s section) bool { return s.Family == "toy" })
		decodeTypeCache = nil
	})
}

// A family registers its section and its built-in rulesets: the loader decodes, validates and
// cites them as it does hk's, with nothing of the family written in this package.
func TestRegisteredSection(t *testing.T) {
	registerToy(t)

	rs, err := Load("toy")
	if err != nil {
		t.Fatal(err)
	}
	sec, ok := rs.Section().(*toyRules)
	if !ok {
		t.Fatalf("Section() = %T, want *toyRules", rs.Section())
	}
	if sec.MinPoints != 1 || sec.Yaku["tanyao"].Value != 1 {
		t.Errorf("section = %+v", sec)
	}
	if diff := cmp.Diff(scoring.Source{Ruleset: "toy", Line: 8}, sec.Yaku["tanyao"].Source); diff != "" {
		t.Errorf("tanyao source (-want +got):\n%s", diff)
	}
	if !IsBuiltin("toy") || !slices.ContainsFunc(Builtins(), func(i Info) bool { return i.Name == "toy" && i.Family == "toy" }) {
		t.Errorf("toy is not listed as built in: %v", Builtins())
	}
	if raw, err := Raw("toy"); err != nil || !strings.HasPrefix(string(raw), "name: toy") {
		t.Errorf("Raw(toy) = %q, %v", raw, err)
	}
	if rs, err := Load("toy", "min_points=4"); err != nil || rs.Section().(*toyRules).MinPoints != 4 {
		t.Errorf("--set min_points=4: %v", err)
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
		{"validate", "name: t\nextends: toy\ntoy:\n  min_points: -1\n", "validate.yaml:4: cannot be negative"},
		{"fraction", "name: t\nextends: toy\ntoy:\n  min_points: 1.5\n", "fraction.yaml:4: 1.5 is not a whole number"},
		{"family listed", "name: t\nfamily: nope\n", `family "nope": expected hk, american, deburger or toy`},
		{"other section", "name: t\nextends: hk\ntoy:\n  min_points: 2\n", "a hk ruleset cannot have a toy: section"},
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

// With no section registered beyond the three this package types, a ruleset decodes into Ruleset
// itself: the families' messages stay as they were.
func TestSectionsTyped(t *testing.T) {
	if got := decodeType(); got.String() != "rulesets.Ruleset" {
		t.Errorf("decodeType() = %v", got)
	}
	if diff := cmp.Diff([]string{"hk", "american", "deburger"}, Families()); diff != "" {
		t.Errorf("Families() (-want +got):\n%s", diff)
	}
}
