package wasm

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
)

// TestSeason: the season of the ledgers the page was given, as mjref season counts them, a broken
// one left out with skip_broken and named, refused without it.
func TestSeason(t *testing.T) {
	SeasonDir = t.TempDir()
	evening := func(name string, faan ...string) string {
		path := filepath.Join(SeasonDir, name)
		l, err := engine.NewLedger(path, "hk", engine.NewLedgerOptions{Players: [4]string{"Ann", "Bo", "Cy", "Di"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range faan {
			var req engine.LedgerRequest
			if err := req.Faan.UnmarshalJSON([]byte(f)); err != nil {
				t.Fatal(err)
			}
			req.Winner, req.Discarder = "Ann", "Bo"
			if _, err := l.Add(req); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	evening("a.jsonl", "5")
	evening("b.jsonl", "3", "4")
	status, body := Call("POST", "/v1/season", `{}`)
	for _, w := range []string{`"hands": 3`, `"player": "Ann"`, `"wins": 3`, `"left_out": []`} {
		if status != 200 || !strings.Contains(string(body), w) {
			t.Errorf("the season lacks %s (status %d):\n%s", w, status, body)
		}
	}
	broken := evening("c.jsonl", "6")
	b, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, []byte(strings.Replace(string(b), `"discarder":"Bo"`, `"discarder":"Cy"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if status, body := Call("POST", "/v1/season", `{}`); status != 400 || !strings.Contains(string(body), "c.jsonl") {
		t.Errorf("a broken ledger in the season: status %d\n%s", status, body)
	}
	status, body = Call("POST", "/v1/season", `{"skip_broken": true}`)
	if status != 200 || !strings.Contains(string(body), `c.jsonl`) || !strings.Contains(string(body), `"hands": 3`) {
		t.Errorf("the season with skip_broken (status %d):\n%s", status, body)
	}
}
