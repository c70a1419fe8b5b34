package wasm_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/wasm"
	"github.com/mjref/mjref/server"
)

// parityRequests are requests of the page, each family's, good and bad: the page's engine must
// answer each as mjref serve does (the same status, the same JSON), so the offline page is the
// served page with no server.
var parityRequests = []struct{ method, path, body string }{
	{"GET", "/v1/catalog", ""},
	{"POST", "/v1/parse", `{"hand": "123m+4m"}`},
	{"POST", "/v1/parse", `{"hand": "123q"}`},
	{"POST", "/v1/parse", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "S"}`},
	{"POST", "/v1/score", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ"}`},
	{"POST", "/v1/score", `{"rules": "deburger-2026", "hand": "123m456p789s111z55z", "loser": true}`},
	{"POST", "/v1/score", `{"rules": "riichi", "hand": "234m23p456p678s99s+1p", "riichi": true, "win": "tsumo", "seat": "S"}`},
	{"POST", "/v1/score", `{"rules": "riichi", "hand": "234m23p456p678s99s+1p", "riichi": "yes"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "riichi": true}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "discard"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw", "discarder": "W"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z"} {}`},
	{"POST", "/v1/score", `{"hand": "123x"}`},
	{"POST", "/v1/score", `{"hand": "123m", "nope": 1}`},
	{"POST", "/v1/score", `{"win": "self-draw"}`},
	{"POST", "/v1/score", `{"hand": "123m456p789s111z55z", "seat": "Q"}`},
	{"POST", "/v1/score", `{"rules": "nowhere", "hand": "123m456p789s111z55z"}`},
	{"POST", "/v1/score", `not json`},
	{"POST", "/v1/score", ``},
	{"POST", "/v1/waits", `{"hand": "123m456p789s11z45s"}`},
	{"POST", "/v1/waits", `{"rules": "riichi", "hand": "234m23p456p678s99s"}`},
	{"POST", "/v1/closest", `{"rules": "american", "hand": "NN 2026m SS 666p 66s"}`},
	{"POST", "/v1/closest", `{"hand": "123m456p789s11z45s"}`},
	{"POST", "/v1/settle", `{"hand": "123m456p789s111z55z", "win": "self-draw", "seat": "E"}`},
	{"POST", "/v1/settle", `{"rules": "deburger-2026", "prevailing": "E", "points": {"E": 10, "S": -10, "W": 0, "N": 0}}`},
	{"POST", "/v1/settle", `{"rules": "riichi", "han": 3, "fu": 30, "win": "ron", "seat": "S", "discarder": "W"}`},
	{"GET", "/v1/nowhere", ""},
	{"GET", "/v1/ledger", ""},
	{"POST", "/v1/ledger/hands", `{"winner": "Ann", "discarder": "Bo", "faan": 2}`},
	{"POST", "/v1/ledger/hands", `{"winner": "Ann", "discarder": "Bo", "faan": 5}`},
	{"POST", "/v1/ledger/hands", `{"winner": ["Bo", "Cy"], "discarder": "Di", "faan": [3, 4]}`},
	{"POST", "/v1/ledger/hands", `{"winner": "Zed", "faan": 5}`},
	{"POST", "/v1/ledger/hands", `{"winner": "Ann", "fan": 5}`},
	{"POST", "/v1/ledger/hands", `{"winner": "Ann", "han": 5}`},
	{"POST", "/v1/ledger/undo", `{}`},
	{"GET", "/v1/ledger", ""},
}

// TestParity: the page's engine answers the page's requests exactly as mjref serve does.
func TestParity(t *testing.T) {
	dir := t.TempDir()
	served := filepath.Join(dir, "served.jsonl")
	wasm.LedgerPath = filepath.Join(dir, "page.jsonl")
	players := [4]string{"Ann", "Bo", "Cy", "Di"}
	if _, err := engine.NewLedger(served, "hk", engine.NewLedgerOptions{Players: players}); err != nil {
		t.Fatal(err)
	}
	if status, body := wasm.Call("POST", "/v1/ledger/new", `{"rules": "hk", "players": ["Ann", "Bo", "Cy", "Di"]}`); status != 200 {
		t.Fatalf("a new ledger: %d %s", status, body)
	}
	led, err := engine.OpenLedgerWith(served, engine.LedgerOpening{Record: true, Wait: server.LedgerWait})
	if err != nil {
		t.Fatal(err)
	}
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Ledger: led})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	// What differs between two ledgers of the same hands: their files, times and hashes.
	mask := func(b []byte, path string) any {
		s := strings.ReplaceAll(string(b), path, "LEDGER")
		s = timeRe.ReplaceAllString(s, "TIME")
		s = hashRe.ReplaceAllString(s, "HASH")
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			return "not JSON: " + s
		}
		return v
	}
	for _, rq := range parityRequests {
		var rd io.Reader
		if rq.body != "" {
			rd = strings.NewReader(rq.body)
		}
		r := httptest.NewRequest(rq.method, rq.path, rd)
		r.Host = "127.0.0.1:8787"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		status, body := wasm.Call(rq.method, rq.path, rq.body)
		want, got := mask(w.Body.Bytes(), served), mask(body, wasm.LedgerPath)
		if status != w.Code || !cmp.Equal(want, got) {
			t.Errorf("%s %s %s: the page's engine answers %d, mjref serve %d; (-serve +page):\n%s", rq.method, rq.path, rq.body, status, w.Code, cmp.Diff(want, got))
		}
	}
	_ = http.MethodGet
}

var (
	timeRe = regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)`)
	hashRe = regexp.MustCompile(`\b[0-9a-f]{16,64}\b`)
)
