package cmd

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoRiichiInFrontEnds checks that the commands and the server name no riichi package: the
// riichi family (its scorer, its game logs) is reached through the engine only (issue 29 item 1).
func TestNoRiichiInFrontEnds(t *testing.T) {
	for _, dir := range []string{".", "../server"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, pkg := range []string{"/family/riichi", "/scoring/riichi", "/referee/riichilog"} {
					if strings.HasSuffix(path, pkg) {
						t.Errorf("%s imports %s: a front end reaches the riichi family through the engine", name, path)
					}
				}
			}
		}
	}
}

// TestHelpNamesNoFamily checks that the help topics import no family's package: a family tells its
// own caps (family.Limited), so a new family's limits reach mjref help limits with no change here.
func TestHelpNamesNoFamily(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "help.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		for _, pkg := range []string{"/scoring/hk", "/scoring/american", "/scoring/points", "/scoring/riichi", "/family/"} {
			if strings.Contains(path, pkg) {
				t.Errorf("help.go imports %s: a family's limits come from engine.FamilyLimits", path)
			}
		}
	}
}
