package rulesets_test

import (
	"errors"
	"fmt"
	"github.com/mjref/mjref/rulesets"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// deepSet is a --set whose key has n parts: "a.a.a...=1".
func deepSet(n int) string { return strings.Repeat("a.", n-1) + "a=1" }

// manyKeys is a ruleset file of n item keys (920 KB for 40,000).
func manyKeys(n int) []byte {
	var b strings.Builder
	b.WriteString("name: big\nextends: hk\nhk:\n  items:\n")
	for i := range n {
		fmt.Fprintf(&b, "    k%05d: {value: 1}\n", i)
	}
	return []byte(b.String())
}

// manyAliases is a ruleset file of n aliases of one anchor.
func manyAliases(n int) []byte {
	var b strings.Builder
	b.WriteString("name: big\nextends: hk\ndescription: &d x\nhk:\n  house_hands:\n    h:\n      pattern: [")
	b.WriteString(strings.Repeat("*d, ", n))
	b.WriteString("]\n")
	return []byte(b.String())
}

func writeTemp(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// Every input is refused before work that grows faster than it does: a deep --set key before any
// node is built, many keys or aliases on the node tree before anything decodes it.
func TestLimits(t *testing.T) {
	big := writeTemp(t, "big.yaml", manyKeys(40_000))
	aliases := writeTemp(t, "aliases.yaml", manyAliases(70_000))
	nested := writeTemp(t, "nested.yaml", []byte("name: n\nextends: hk\ndescription: x\na: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"))
	sets := make([]string, rulesets.MaxSets+1)
	for i := range sets {
		sets[i] = "cap=13"
	}
	tests := []struct {
		name string
		load func() (*rulesets.Ruleset, error)
		want string
	}{
		{"a 16,000-part --set", func() (*rulesets.Ruleset, error) { return rulesets.Load("hk", deepSet(16_000)) },
			`--set: "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.…": a key of 16000 parts: the limit is 8 (hk.house_hands.ID.pattern has 4)`},
		{"a 9-part --set", func() (*rulesets.Ruleset, error) { return rulesets.Load("hk", deepSet(9)) },
			`--set: "a.a.a.a.a.a.a.a.a": a key of 9 parts: the limit is 8 (hk.house_hands.ID.pattern has 4)`},
		{"too many --set", func() (*rulesets.Ruleset, error) { return rulesets.Load("hk", sets...) },
			"--set: 65 values to set: the limit is 64"},
		{"--set extends", func() (*rulesets.Ruleset, error) { return rulesets.Load("hk-oldstyle", "extends=american") },
			"extends (from --set extends=american): extends cannot be set: write a ruleset file that extends the one you want, and give it to --rules"},
		{"a --set value of many keys", func() (*rulesets.Ruleset, error) {
			return rulesets.Load("hk", "house_hands={"+strings.Repeat("a: 1, ", 600)+"}")
		}, `hk.house_hands (from --set "house_hands={a: 1, a: 1, a: 1, a: 1, a: 1, a: 1, a: 1, a: 1,…"): a mapping of more than 500 keys: the limit is 500 in one mapping`},
		{"40,000 keys in a file", func() (*rulesets.Ruleset, error) { return rulesets.Load(big) },
			big + ":5: a mapping of more than 500 keys: the limit is 500 in one mapping"},
		{"11,000 keys uploaded (250 KB)", func() (*rulesets.Ruleset, error) { return rulesets.LoadUploaded(manyKeys(11_000)) },
			"upload.yaml:5: a mapping of more than 500 keys: the limit is 500 in one mapping"},
		{"70,000 aliases", func() (*rulesets.Ruleset, error) { return rulesets.Load(aliases) },
			aliases + ":7: more than 100 aliases (*name): the limit is 100 in one document"},
		{"nested aliases", func() (*rulesets.Ruleset, error) { return rulesets.Load(nested) },
			nested + ":7: aliases (*name) that stand for more than 10000 values: the limit is 10000 in one document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.load()
			var re *rulesets.Error
			if !errors.As(err, &re) {
				t.Fatalf("got %v, want a *rulesets.Error", err)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
		})
	}
	// At the limits, a ruleset still loads.
	if _, err := rulesets.Load("hk", deepSet(8)); err == nil || strings.Contains(err.Error(), "parts") {
		t.Errorf("an 8-part key: %v, want an unknown key", err)
	}
	if _, err := rulesets.Load(writeTemp(t, "ok.yaml", manyKeys(3))); err != nil && strings.Contains(err.Error(), "limit") {
		t.Errorf("3 keys: %v", err)
	}
}

// spyFiles opens nothing, as NoFiles, and keeps the paths it was asked for.
type spyFiles struct{ asked []string }

func (s *spyFiles) ReadFile(path string, limit int64) ([]byte, error) {
	s.asked = append(s.asked, path)
	return nil, rulesets.ErrNoFiles
}

// With NoFiles, no key or value opens a file, and a file that is there gets the words a missing
// one does.
func TestNoFiles(t *testing.T) {
	// A long directory name, so that a message that shortens the path it quotes still shows
	// the same for both files.
	dir := filepath.Join(t.TempDir(), strings.Repeat("d", 80))
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(dir, "shadow")
	if err := os.WriteFile(secret, []byte("alice:$6$salt$SECRET:19000:0:99999:7:::\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch")
	opt := rulesets.LoadOptions{Files: rulesets.NoFiles}
	loads := map[string]func(path string) error{
		"rules":    func(p string) error { _, err := rulesets.LoadWith(opt, p); return err },
		"set card": func(p string) error { _, err := rulesets.LoadWith(opt, "american", "card="+p); return err },
		"set american": func(p string) error {
			_, err := rulesets.LoadWith(opt, "american", "american={card: "+p+"}")
			return err
		},
		"set key with =": func(p string) error {
			_, err := rulesets.LoadWith(opt, "american", "american.card="+p+" #=x")
			return err
		},
		"upload extends": func(p string) error {
			_, err := rulesets.LoadUploaded([]byte("name: x\nextends: " + p + "\n"))
			return err
		},
		"upload card": func(p string) error {
			_, err := rulesets.LoadUploaded([]byte("name: x\nextends: american\namerican:\n  card: " + p + "\n"))
			return err
		},
		"upload set card": func(p string) error {
			_, err := rulesets.LoadUploaded([]byte("name: x\nextends: american\n"), "card="+p)
			return err
		},
	}
	for name, load := range loads {
		t.Run(name, func(t *testing.T) {
			there, gone := load(secret), load(missing)
			if there == nil || gone == nil {
				t.Fatalf("loaded: %v / %v", there, gone)
			}
			if strings.Contains(there.Error(), "SECRET") || strings.Contains(there.Error(), "alice") {
				t.Errorf("the error quotes the file: %v", there)
			}
			if a, b := strings.ReplaceAll(there.Error(), secret, "PATH"), strings.ReplaceAll(gone.Error(), missing, "PATH"); a != b {
				t.Errorf("a file that is there: %s\nand one that is not: %s", a, b)
			}
		})
	}
	spy := &spyFiles{}
	if _, err := rulesets.LoadWith(rulesets.LoadOptions{Files: spy}, "american", "card=sample-2026"); err != nil || len(spy.asked) > 0 {
		t.Errorf("a built-in card: %v, files asked for: %q", err, spy.asked)
	}
}

// FuzzSetPath feeds arbitrary key=value overrides to the loader with a Files that opens nothing:
// it never panics, every failure is a *rulesets.Error, and a path any spelling reaches is refused
// as no built-in, in the words NoFiles gives.
func FuzzSetPath(f *testing.F) {
	for _, s := range []string{"cap=13", "hk.cap=13", "american.card=/etc/shadow", "american.card =x.yaml", "american={card: /etc/passwd}",
		"american.card=/etc/shadow #=x", "card=sample-2026", "extends=hk", "items.all-one-suit.value=6", "a..b=1", "=1", "x",
		"settlement.tables.default.rows=[1, 2]", "house_hands={a: {pattern: 123a}}", deepSet(20), "concealed_bonus=*a", "name=&a [*a]"} {
		f.Add("american", s)
		f.Add("hk", s)
	}
	f.Fuzz(func(t *testing.T, rules, set string) {
		if rules != "hk" && rules != "american" && rules != "deburger-2026" {
			rules = "hk"
		}
		spy := &spyFiles{}
		_, err := rulesets.LoadWith(rulesets.LoadOptions{Files: spy}, rules, set)
		if err != nil {
			var re *rulesets.Error
			if !errors.As(err, &re) {
				t.Fatalf("LoadWith(%q) error %T %v, want *rulesets.Error", set, err, err)
			}
		}
		if len(spy.asked) > 0 && (err == nil || !strings.Contains(err.Error(), "is read here")) {
			t.Fatalf("LoadWith(%q) asked for %q and answered %v, want the refusal of a file", set, spy.asked, err)
		}
	})
}

func BenchmarkRefuseDeepSet(b *testing.B) {
	set := deepSet(16_000)
	for b.Loop() {
		if _, err := rulesets.Load("hk", set); err == nil {
			b.Fatal("loaded")
		}
	}
}

func BenchmarkRefuseManyKeys(b *testing.B) {
	p := writeTemp(b, "big.yaml", manyKeys(40_000))
	for b.Loop() {
		if _, err := rulesets.Load(p); err == nil {
			b.Fatal("loaded")
		}
	}
}

func BenchmarkRefuseManyKeysUploaded(b *testing.B) {
	data := manyKeys(11_000) // 250 KB, within a request body
	for b.Loop() {
		if _, err := rulesets.LoadUploaded(data); err == nil {
			b.Fatal("loaded")
		}
	}
}
