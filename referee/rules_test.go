package referee

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/gamerules"
)

func TestRulingString(t *testing.T) {
	r := Ruling{Event: 4, Seat: 2, Action: "pong 9s", Verdict: VerdictOK, Rule: RuleClaimPriority, Reason: "W takes S's 9s"}
	want := "4 W pong 9s: ok (claim-priority) W takes S's 9s"
	if diff := cmp.Diff(want, r.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestRuleIDsListed checks that the rule ids a referee: section may explain (gamerules.RuleIDs)
// are exactly the Rule constants the rulings of this package cite.
func TestRuleIDsListed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var cited []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, sp := range g.Specs {
				vs := sp.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i >= len(vs.Values) || !strings.HasPrefix(n.Name, "Rule") {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					id, _ := strconv.Unquote(lit.Value)
					cited = append(cited, id)
				}
			}
		}
	}
	if len(cited) == 0 {
		t.Fatal("found no Rule constants")
	}
	if diff := cmp.Diff(slices.Sorted(slices.Values(gamerules.RuleIDs)), slices.Sorted(slices.Values(cited))); diff != "" {
		t.Errorf("gamerules.RuleIDs (-) and the Rule constants (+) differ:\n%s", diff)
	}
}
