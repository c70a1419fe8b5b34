package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/rulesets"
	"github.com/mjref/mjref/scoring"
	"go.yaml.in/yaml/v3"
)

// The scripts' golden output names a built-in ruleset's rule by where it is written in the YAML,
// not by its line: the mjref the scripts run (see TestMain) writes "hk:96", the line of seat-wind
// in hk.yaml, as "hk:{hk.items.seat-wind}", the path of the keys that lead to that line. Adding a
// line to a built-in ruleset then shifts no golden file; a script that cites a rule shows the rule
// it means, and the lines themselves are checked where they are made (rulesets' loader tests) and
// in the README. The rewriting is exact: only NAME:LINE where NAME is a built-in ruleset and LINE
// holds one of its keys; anything else (a user's file, a line without a key) is left as written.
//
// A line whose number gains a digit can still widen the column a table prints it in: then
// UPDATE_SCRIPTS=1 go test ./cmd -run TestScripts rewrites the tables, placeholders and all.

// citeRE finds a cite: a ruleset name, a colon and a line number.
var citeRE = regexp.MustCompile(`[a-z][a-z0-9-]*:[0-9]+`)

// citeLines caches, per built-in ruleset, the key path of each line (nil for a name that is no
// built-in ruleset).
var citeLines sync.Map // string -> map[int]string

// rulePaths returns the key path written on each line of the built-in ruleset name, or nil when
// name is none.
func rulePaths(name string) map[int]string {
	if m, ok := citeLines.Load(name); ok {
		return m.(map[int]string)
	}
	var paths map[int]string
	if rulesets.IsBuiltin(name) {
		data, err := rulesets.Raw(name)
		if err != nil {
			panic(err) // a built-in ruleset that cannot be read: every script would fail anyway
		}
		paths, err = keyPaths(data)
		if err != nil {
			panic(fmt.Sprintf("built-in ruleset %s: %v", name, err))
		}
	}
	citeLines.Store(name, paths)
	return paths
}

// keyPaths returns, for each line of a YAML document that starts a mapping or a sequence or holds
// a key, the dotted path that leads there ("hk.items.seat-wind"). A line that starts a mapping is
// named by the mapping, as the loader cites a rule (scoring.Source is the line of the rule's
// mapping): the line of "name: Seat wind" that opens seat-wind's mapping is seat-wind's, and a line
// where several start is the innermost's ("riichi: {han: 1}", the first of the yaku, is riichi's). Other lines are named by the first key or sequence entry
// written on them (entries are numbered from 0).
func keyPaths(data []byte) (map[int]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	paths := map[int]string{}
	var walk func(n *yaml.Node, path string, keys bool)
	walk = func(n *yaml.Node, path string, keys bool) {
		if path != "" && !keys && (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) {
			paths[n.Line] = path // the innermost: a rule's {…} on the line that opens the mapping of rules
		}
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, path, keys)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := join(path, n.Content[i].Value)
				if _, ok := paths[n.Content[i].Line]; !ok && keys {
					paths[n.Content[i].Line] = k
				}
				walk(n.Content[i+1], k, keys)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				k := join(path, strconv.Itoa(i))
				if _, ok := paths[c.Line]; !ok && keys {
					paths[c.Line] = k
				}
				walk(c, k, keys)
			}
		}
	}
	walk(&doc, "", false) // the lines that start a mapping or a sequence
	walk(&doc, "", true)  // then the lines of the other keys
	return paths, nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// nameCites rewrites each cite of a built-in ruleset's line in s as the key path of that line.
func nameCites(s string) string {
	locs := citeRE.FindAllStringIndex(s, -1)
	if locs == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, loc := range locs {
		if start := loc[0]; start > 0 && strings.ContainsRune("abcdefghijklmnopqrstuvwxyz0123456789-_./", rune(s[start-1])) {
			continue // part of a longer name: a path (examples/hk:3) or a file (my.hk:3)
		}
		if end := loc[1]; end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == ':') {
			continue
		}
		cite := s[loc[0]:loc[1]]
		colon := strings.LastIndexByte(cite, ':')
		line, err := strconv.Atoi(cite[colon+1:])
		if err != nil {
			continue
		}
		path, ok := rulePaths(cite[:colon])[line]
		if !ok {
			continue
		}
		b.WriteString(s[last:loc[0]])
		b.WriteString(cite[:colon] + ":{" + path + "}")
		last = loc[1]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// citeWriter passes what is written to w a line at a time, with nameCites applied; Close writes
// what is left of the last line.
type citeWriter struct {
	w       io.Writer
	pending []byte
}

func (c *citeWriter) Write(p []byte) (int, error) {
	c.pending = append(c.pending, p...)
	i := bytes.LastIndexByte(c.pending, '\n')
	if i < 0 {
		return len(p), nil
	}
	lines := string(c.pending[:i+1])
	c.pending = append(c.pending[:0], c.pending[i+1:]...)
	if _, err := io.WriteString(c.w, nameCites(lines)); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (c *citeWriter) Close() error {
	if len(c.pending) == 0 {
		return nil
	}
	_, err := io.WriteString(c.w, nameCites(string(c.pending)))
	c.pending = nil
	return err
}

// mainNamingCites is Main with built-in ruleset lines named by their key paths on standard output
// and standard error: the mjref the scripts run.
func mainNamingCites() int {
	ios := SystemIO()
	out, errOut := &citeWriter{w: ios.Out}, &citeWriter{w: ios.ErrOut}
	// What mjref wrote, before the cites are named, for the outside validator (dump_test.go).
	stdout, stderr := &teeWriter{w: out}, &teeWriter{w: errOut}
	ios.Out, ios.ErrOut = stdout, stderr
	code := Run(os.Args[1:], ios)
	if err := out.Close(); err != nil && code == 0 {
		code = ExitInput
	}
	_ = errOut.Close()
	dumpRun(os.Args[1:], code, stdout.buf.String(), stderr.buf.String())
	return code
}

func TestKeyPaths(t *testing.T) {
	doc := "# a comment\nname: hk\nhk:\n  items:\n    seat-wind:\n      name: Seat wind\n      faan: 1\n    self-draw: {name: Self-drawn, faan: 1}\n  pao: [a,\n    b]\n  yaku:\n    riichi: {han: 1}\n"
	got, err := keyPaths([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{
		2:  "name",
		3:  "hk",
		4:  "hk", // the line that starts hk's mapping
		5:  "hk.items",
		6:  "hk.items.seat-wind", // the line that starts seat-wind's mapping
		7:  "hk.items.seat-wind.faan",
		8:  "hk.items.self-draw",
		9:  "hk.pao",
		10: "hk.pao.1",
		11: "hk.yaku",
		12: "hk.yaku.riichi", // the innermost mapping that starts on the line
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("keyPaths (-want +got):\n%s", diff)
	}
}

func TestNameCites(t *testing.T) {
	hk := rulePaths("hk")
	line := func(path string) string {
		for l, p := range hk {
			if p == path {
				return strconv.Itoa(l)
			}
		}
		t.Fatalf("hk.yaml has no %s", path)
		return ""
	}
	seat := line("hk.items.seat-wind")
	tests := []struct{ name, in, want string }{
		{"table cell", "| seat-wind | hk:" + seat + " |", "| seat-wind | hk:{hk.items.seat-wind} |"},
		{"several", "hk:" + seat + ", hk:" + seat, "hk:{hk.items.seat-wind}, hk:{hk.items.seat-wind}"},
		{"not built in", "club:" + seat + " my-hk:" + seat, "club:" + seat + " my-hk:" + seat},
		{"a path", "examples/hk:" + seat + " x.hk:" + seat, "examples/hk:" + seat + " x.hk:" + seat},
		{"a column after", "hk:" + seat + ":4", "hk:" + seat + ":4"},
		{"no key on the line", "hk:1", "hk:1"}, // a comment
		{"past the end", "hk:100000", "hk:100000"},
		{"no cite", "plain text", "plain text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, nameCites(tt.in)); diff != "" {
				t.Errorf("nameCites(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestCiteWriter(t *testing.T) {
	var b bytes.Buffer
	w := &citeWriter{w: &b}
	seat := ""
	for l, p := range rulePaths("hk") {
		if p == "hk.items.seat-wind" {
			seat = strconv.Itoa(l)
		}
	}
	// A cite split between two writes is named whole; the last line needs no newline.
	for _, s := range []string{"a hk:", seat + "\nb h", "k:" + seat} {
		if _, err := io.WriteString(w, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	want := "a hk:{hk.items.seat-wind}\nb hk:{hk.items.seat-wind}"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("citeWriter (-want +got):\n%s", diff)
	}
}

// TestEveryRuleLineNamed checks that every rule of every built-in ruleset cites a line the scripts
// name by its key path: a rule on a line without a key would be cited by number in golden files,
// and they would shift again with every line added above it.
func TestEveryRuleLineNamed(t *testing.T) {
	for _, info := range rulesets.Builtins() {
		rs, err := rulesets.Load(info.Name)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		n := 0
		eachSource(reflect.ValueOf(rs), map[uintptr]bool{}, func(s scoring.Source) {
			if !rulesets.IsBuiltin(s.Ruleset) {
				return
			}
			n++
			if _, ok := rulePaths(s.Ruleset)[s.Line]; !ok {
				t.Errorf("%s: a rule cites %s, a line with no key", info.Name, s)
			}
		})
		if n == 0 {
			t.Errorf("%s: found no rule with a source", info.Name)
		}
	}
}

// eachSource calls f with every scoring.Source reachable from v.
func eachSource(v reflect.Value, seen map[uintptr]bool, f func(scoring.Source)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return
		}
		seen[v.Pointer()] = true
		eachSource(v.Elem(), seen, f)
	case reflect.Interface:
		if !v.IsNil() {
			eachSource(v.Elem(), seen, f)
		}
	case reflect.Struct:
		if s, ok := v.Interface().(scoring.Source); ok {
			f(s)
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				eachSource(v.Field(i), seen, f)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			eachSource(v.Index(i), seen, f)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			eachSource(it.Value(), seen, f)
		}
	}
}
