package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/schema"
)

// sameDocument checks that what the engine returned (v, or err) is what the command printed with
// -o jsonl: the same document and exit status, or the same JSON error object.
func sameDocument(t *testing.T, v interface{ Positive() bool }, err error, code int, out, errOut string) {
	t.Helper()
	if err != nil {
		b, _ := json.Marshal(schema.NewError(err, exitCode(err), family.HintOf(err)))
		if code != exitCode(err) || errOut != string(b)+"\n" {
			t.Fatalf("engine: %v\nCLI: exit %d, %s", err, code, errOut)
		}
		return
	}
	b, err := schema.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(out, string(b)+"\n"); diff != "" {
		t.Errorf("engine document (-CLI +engine):\n%s", diff)
	}
	if want := map[bool]int{true: ExitOK, false: ExitNo}[v.Positive()]; code != want {
		t.Errorf("CLI exit %d, engine positive %v", code, v.Positive())
	}
}

// A JSON claim request (what a server receives) is ruled exactly as the command line's flags.
func TestClaimRequestIsTheFlags(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	tests := []struct {
		rules, body string
		args        []string
	}{
		{"hk", `{"discarder": "W", "tile": "5p", "claims": "S win, N pong, E chow"}`, []string{"--discarder", "W", "--tile", "5p", "--claims", "S win, N pong, E chow"}},
		{"hk", `{"discarder": "E", "tile": "5p", "claims": "N win, W win"}`, []string{"--discarder", "E", "--tile", "5p", "--claims", "N win, W win"}},
		{"hk", `{"discarder": "S", "tile": "9s", "claims": "N win", "hands": ["N=123m456m789m99s78s"], "dealer": "W", "prevailing": "S"}`,
			[]string{"--discarder", "S", "--tile", "9s", "--claims", "N win", "--hand", "N=123m456m789m99s78s", "--dealer", "W", "--prevailing", "S"}},
		{"deburger-2026", `{"discarder": "E", "tile": "4p", "claims": "S chow 345p, W pong", "hands": ["W=44p123m456s789s1z2z"]}`,
			[]string{"--discarder", "E", "--tile", "4p", "--claims", "S chow 345p, W pong", "--hand", "W=44p123m456s789s1z2z"}},
		{"hk", `{"discarder": "W", "tile": "1f", "claims": "S pong"}`, []string{"--discarder", "W", "--tile", "1f", "--claims", "S pong"}},
		{"hk", `{"tile": "5p"}`, []string{"--tile", "5p"}},
		{"american", `{"discarder": "W", "tile": "5p", "claims": "S pong"}`, []string{"--discarder", "W", "--tile", "5p", "--claims", "S pong"}},
	}
	for _, tt := range tests {
		t.Run(tt.rules+" "+tt.body, func(t *testing.T) {
			var req engine.ClaimRequest
			dec := json.NewDecoder(strings.NewReader(tt.body))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&req); err != nil {
				t.Fatal(err)
			}
			e, err := engine.Open(tt.rules, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			code, out, errOut := runCLI(append([]string{"claim", "--rules", tt.rules, "-o", "jsonl"}, tt.args...), "")
			v, err := e.Claim(req)
			sameDocument(t, v, err, code, out, errOut)
		})
	}
}

// Every example log, replayed by the engine from its text under its own ruleset: key, is the
// document mjref referee prints.
func TestRefereeRequestIsTheLog(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	logs, _ := filepath.Glob("../examples/*.yaml")
	more, _ := filepath.Glob("../referee/testdata/logs/*.yaml")
	logs = append(logs, more...)
	more, _ = filepath.Glob("../referee/testdata/logs/*/*.yaml")
	logs = append(logs, more...)
	n := 0
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), "events:") {
			continue // a ruleset or card, not a log
		}
		for _, only := range []string{"", "illegal"} {
			n++
			t.Run(filepath.Base(path)+" "+only, func(t *testing.T) {
				args := []string{"referee", path, "-o", "jsonl"}
				if only != "" {
					args = append(args, "--only", only)
				}
				code, out, errOut := runCLI(args, "")
				open := func(ruleset string) (*engine.Engine, error) {
					if p := filepath.Join(filepath.Dir(path), ruleset); !filepath.IsAbs(ruleset) && fileExists(p) {
						ruleset = p
					}
					return engine.Open(ruleset, engine.Options{})
				}
				v, err := engine.Referee(engine.RefereeRequest{Log: string(data), Only: only, Name: path}, open)
				if err != nil && strings.Contains(err.Error(), "the log's ruleset") {
					t.Skip(err)
				}
				sameDocument(t, v, err, code, out, errOut)
			})
		}
	}
	if n < 10 {
		t.Fatalf("only %d logs replayed", n)
	}
}
