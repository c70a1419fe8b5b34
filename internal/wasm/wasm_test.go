package wasm

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestCall: the page's requests answered as mjref serve answers them: a score, a settlement, a
// field a family refuses, the ledger kept in its file.
func TestCall(t *testing.T) {
	LedgerPath = filepath.Join(t.TempDir(), "evening.jsonl")
	tests := []struct {
		name, method, path, body string
		status                   int
		want                     []string
	}{
		{"score", "POST", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw"}`, 200, []string{`"total": 5`, `"valid": true`}},
		{"american", "POST", "/v1/score", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ"}`, 200, []string{`"line": "Y1"`, `"value": 25`}},
		{"bad hand", "POST", "/v1/score", `{"hand": "123x"}`, 400, []string{`"col":`}},
		{"unknown field", "POST", "/v1/score", `{"hand": "123m", "nope": 1}`, 400, []string{`nope`}},
		{"refused field", "POST", "/v1/settle", `{"rules": "deburger-2026", "prevailing": "E", "points": {"E": 10, "S": -10, "W": 0, "N": 0}}`, 400, []string{`\"prevailing\" does not apply`}},
		{"catalog", "GET", "/v1/catalog", ``, 200, []string{`"families"`, `"settles_table": true`}},
		{"preview", "POST", "/v1/parse", `{"hand": "123m+4m"}`, 200, []string{`"tiles": 4`}},
		{"preview problem", "POST", "/v1/parse", `{"hand": "123q"}`, 200, []string{`"problem"`}},
		{"new ledger", "POST", "/v1/ledger/new", `{"rules": "hk", "players": ["Ann", "Bo", "Cy", "Di"]}`, 200, []string{`"played": 0`}},
		{"refused hand", "POST", "/v1/ledger/hands", `{"winner": "Ann", "discarder": "Bo", "faan": 2}`, 200, []string{`"recorded": false`, `minimum of 3`}},
		{"hand", "POST", "/v1/ledger/hands", `{"winner": "Ann", "discarder": "Bo", "faan": 5}`, 200, []string{`"recorded": true`, `"Ann": 36`}},
		{"undo", "POST", "/v1/ledger/undo", `{}`, 200, []string{`"undone"`}},
		{"verify", "GET", "/v1/ledger/verify", ``, 200, []string{`"problems": []`}},
		{"no endpoint", "GET", "/v1/nowhere", ``, 404, []string{`no endpoint`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := Call(tt.method, tt.path, tt.body)
			if status != tt.status || !json.Valid(body) {
				t.Fatalf("status %d (want %d), valid JSON %v:\n%s", status, tt.status, json.Valid(body), body)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(body), w) {
					t.Errorf("answer lacks %s:\n%s", w, body)
				}
			}
		})
	}
}

// TestCallPanic: a bug's panic is a 500 with the bug's error (code 3), not the end of the page's
// engine: the next request is answered.
func TestCallPanic(t *testing.T) {
	defer func(h func(string, string, string) (any, error)) { handle = h }(handle)
	handle = func(string, string, string) (any, error) { panic("index out of range [35] with length 34") }
	status, body := Call("POST", "/v1/score", `{"hand": "123m"}`)
	var e struct {
		Error string `json:"error"`
		Code  int    `json:"code"`
	}
	if err := json.Unmarshal(body, &e); err != nil || status != 500 || e.Code != 3 || !strings.Contains(e.Error, "internal error: index out of range") {
		t.Fatalf("status %d, %v:\n%s", status, err, body)
	}
	handle = call
	if status, body := Call("GET", "/v1/catalog", ``); status != 200 {
		t.Fatalf("after a panic: status %d:\n%s", status, body)
	}
}
