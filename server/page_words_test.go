package server_test

import (
	"encoding/json"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
)

// TestPageWords: every word the page shows is there in English and in 中文: each key the page's
// code asks for, and each word the engine's catalog makes it ask for (a field's label, a win kind, a
// unit, a fact of a result).
func TestPageWords(t *testing.T) {
	b, err := os.ReadFile("web/words.json")
	if err != nil {
		t.Fatal(err)
	}
	var words map[string]map[string]string
	if err := json.Unmarshal(b, &words); err != nil {
		t.Fatal(err)
	}
	en, zh := words["en"], words["zh"]
	for _, k := range slices.Sorted(maps.Keys(en)) {
		if zh[k] == "" {
			t.Errorf("%q has no 中文 (en %q)", k, en[k])
		}
	}
	for _, k := range slices.Sorted(maps.Keys(zh)) {
		if en[k] == "" {
			t.Errorf("%q has no English (zh %q)", k, zh[k])
		}
	}
	need := map[string]string{}
	for _, file := range []string{"web/app.js", "web/book.js"} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`\bt\("([A-Za-z_]+)"`).FindAllSubmatch(src, -1) {
			if k := string(m[1]); !regexp.MustCompile(`_$`).MatchString(k) {
				need[k] = file
			}
		}
	}
	c, err := engine.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range c.Families {
		for _, u := range []*engine.UseInfo{f.Score, f.Settle, f.Ledger} {
			if u != nil {
				for _, fd := range u.Fields {
					need["f_"+fd.Name] = "the catalog's " + f.ID
				}
			}
		}
		for _, w := range f.WinKinds {
			need["w_"+w] = "the catalog's " + f.ID
		}
		need["u_"+f.Result.Unit] = "the catalog's " + f.ID
		need["u_"+f.Result.ItemUnit] = "the catalog's " + f.ID
		for _, x := range f.Result.Facts {
			need["x_"+x.Word] = "the catalog's " + f.ID
		}
	}
	for _, s := range []string{"E", "S", "W", "N"} {
		need["seat_"+s] = "the seats"
	}
	for _, k := range slices.Sorted(maps.Keys(need)) {
		if en[k] == "" || zh[k] == "" {
			t.Errorf("%s asks for the word %q: en %q, zh %q", need[k], k, en[k], zh[k])
		}
	}
}

// TestPageNamesNoFamily: the page's code names no rule family or ruleset: what a family takes and
// answers comes from the catalog.
func TestPageNamesNoFamily(t *testing.T) {
	c, err := engine.BuiltinCatalog()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range c.Families {
		names = append(names, f.ID, f.Title)
	}
	for _, r := range c.Rulesets {
		names = append(names, r.Name)
	}
	entries, err := os.ReadDir("web")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".js") || e.Name() == "wasm_exec.js" {
			continue
		}
		src, err := os.ReadFile("web/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			if m := regexp.MustCompile(`(?i)["'\x60]` + regexp.QuoteMeta(n) + `["'\x60]`).Find(src); m != nil {
				t.Errorf("web/%s names the family or ruleset %s: %s", e.Name(), n, m)
			}
		}
	}
}
