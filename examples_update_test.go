package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestUpdateExamples rewrites the "// Output:" comment of every Go example that prints something
// else now, as UPDATE_README does for the README: after a line is added to a built-in ruleset, the
// examples that cite its lines ("hk:96") follow with
//
//	UPDATE_EXAMPLES=1 go test -run TestUpdateExamples .
//
// and git diff shows what changed. Without UPDATE_EXAMPLES it does nothing: go test checks every
// example's output itself.
func TestUpdateExamples(t *testing.T) {
	if os.Getenv("UPDATE_EXAMPLES") == "" {
		t.Skip("UPDATE_EXAMPLES=1 rewrites the output of the examples that fail")
	}
	pkgs, err := examplePackages(".")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command("go", append([]string{"test", "-count=1", "-run", "^Example"}, pkgs...)...).CombinedOutput()
	fixes := exampleFailures(string(out))
	if len(fixes) == 0 {
		t.Log("every example prints its Output")
		return
	}
	for pkg, got := range fixes {
		dir := filepath.Join(".", strings.TrimPrefix(strings.TrimPrefix(pkg, modulePath), "/"))
		n, err := rewriteExamples(dir, got)
		if err != nil {
			t.Fatalf("%s: %v", pkg, err)
		}
		if n != len(got) {
			t.Errorf("%s: rewrote %d of %d failing examples", pkg, n, len(got))
		}
		t.Logf("%s: rewrote %d examples", pkg, n)
	}
}

// examplePackages are the directories under root whose tests hold an example, as go test names
// them ("./engine").
func examplePackages(root string) ([]string, error) {
	var pkgs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if dir := "./" + filepath.ToSlash(filepath.Dir(path)); bytes.Contains(src, []byte("\nfunc Example")) && !slices.Contains(pkgs, dir) {
			pkgs = append(pkgs, dir)
		}
		return nil
	})
	return pkgs, err
}

const modulePath = "github.com/mjref/mjref"

// exampleFailures reads go test's report of failing examples: what each printed (the block between
// "got:" and "want:"), by package and function.
func exampleFailures(report string) map[string]map[string]string {
	out := map[string]map[string]string{}
	pending := map[string]string{}
	var name string
	var got []string
	state := 0 // 0 outside, 1 in got:, 2 in want:
	for line := range strings.Lines(report) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "--- FAIL: Example"):
			name, _, _ = strings.Cut(strings.TrimPrefix(line, "--- FAIL: "), " ")
			state, got = 0, nil
		case line == "got:" && name != "":
			state = 1
		case line == "want:" && state == 1:
			pending[name] = strings.Join(got, "\n")
			state = 2
		case strings.HasPrefix(line, "FAIL\t") || strings.HasPrefix(line, "ok  \t"):
			if f := strings.Fields(line); len(f) >= 2 && len(pending) > 0 {
				out[f[1]] = pending
			}
			pending, name, state = map[string]string{}, "", 0
		case state == 1:
			got = append(got, line)
		case line == "FAIL" || strings.HasPrefix(line, "--- "):
			state = 0
		}
	}
	return out
}

// rewriteExamples replaces the Output comment of each example function in got, in the test files
// of dir, with what it printed, and returns how many it rewrote.
func rewriteExamples(dir string, got map[string]string) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return n, err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return n, err
		}
		type edit struct {
			from, to int
			text     string
		}
		var edits []edit
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			printed, ok := got[fn.Name.Name]
			if !ok {
				continue
			}
			for _, cg := range f.Comments {
				if cg.Pos() < fn.Body.Lbrace || cg.End() > fn.Body.Rbrace {
					continue
				}
				for i, c := range cg.List {
					if strings.TrimSpace(strings.TrimPrefix(c.Text, "//")) != "Output:" {
						continue
					}
					indent := strings.Repeat("\t", fset.Position(c.Pos()).Column-1)
					var b strings.Builder
					b.WriteString("// Output:")
					for _, l := range strings.Split(printed, "\n") {
						b.WriteString("\n" + indent + strings.TrimRight("// "+l, " "))
					}
					last := cg.List[len(cg.List)-1]
					edits = append(edits, edit{fset.Position(cg.List[i].Pos()).Offset, fset.Position(last.End()).Offset, b.String()})
				}
			}
		}
		if len(edits) == 0 {
			continue
		}
		slices.SortFunc(edits, func(a, b edit) int { return b.from - a.from })
		for _, e := range edits {
			src = slices.Concat(src[:e.from], []byte(e.text), src[e.to:])
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			return n, err
		}
		n += len(edits)
	}
	return n, nil
}
