package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/server"
)

// openLedger opens the ledger file at path as mjref serve keeps it.
func openLedger(t *testing.T, path string) *engine.Ledger {
	t.Helper()
	l, err := engine.OpenLedgerWith(path, engine.LedgerOpening{Record: true, Wait: server.LedgerWait})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLedgerEndpoints(t *testing.T) {
	schema := schemas(t)
	showSchema, addSchema, errSchema := schema("ledger-show"), schema("ledger-add"), schema("error")
	led := newLedger(t, t.TempDir())
	_, h := newServer(t, server.Options{Ledger: openLedger(t, led)})
	a := getOpenAPI(t, h)

	// The ledger as the command shows it.
	show := func() string {
		t.Helper()
		w := do(t, h, "GET", "/v1/ledger", "")
		if w.Code != http.StatusOK {
			t.Fatalf("GET /v1/ledger: %d %s", w.Code, w.Body)
		}
		if want := cli(t, 0, "ledger", "show", led, "-o", "json"); w.Body.String() != want {
			t.Errorf("GET /v1/ledger differs from mjref ledger show -o json:\n got %s\nwant %s", w.Body, want)
		}
		validate(t, showSchema, "ledger-show", w.Body.String())
		a.check(t, "GET", "/v1/ledger", 200, w.Body.String())
		return w.Body.String()
	}
	hands := func() int {
		t.Helper()
		var v struct{ History []json.RawMessage }
		if err := json.Unmarshal([]byte(show()), &v); err != nil {
			t.Fatal(err)
		}
		return len(v.History)
	}
	if n := hands(); n != 0 {
		t.Fatalf("a new ledger has %d hands", n)
	}

	// Add a hand by its faan, and one by the winner's hand in notation.
	for _, body := range []string{
		`{"winner": "Bo", "discarder": "Cy", "faan": "5"}`,
		`{"winner": "Bo", "win": "self-draw", "hand": ["123m456p789s111z55z"]}`,
	} {
		w := do(t, h, "POST", "/v1/ledger/hands", body)
		if w.Code != http.StatusOK {
			t.Fatalf("POST /v1/ledger/hands %s: %d %s", body, w.Code, w.Body)
		}
		validate(t, addSchema, "ledger-add", w.Body.String())
		a.check(t, "POST", "/v1/ledger/hands", 200, w.Body.String())
		if !strings.Contains(w.Body.String(), `"recorded": true`) {
			t.Errorf("not recorded: %s", w.Body)
		}
	}
	if n := hands(); n != 2 {
		t.Fatalf("%d hands after two adds", n)
	}

	// The command line writes the same file between requests.
	cli(t, 0, "ledger", "add", led, "--drawn")
	if n := hands(); n != 3 {
		t.Fatalf("%d hands after the command line's add", n)
	}

	// Undo takes back the last hand, whoever wrote it.
	w := do(t, h, "POST", "/v1/ledger/undo", "")
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"undone"`) {
		t.Fatalf("POST /v1/ledger/undo: %d %s", w.Code, w.Body)
	}
	validate(t, schema("ledger-undo"), "ledger-undo", w.Body.String())
	a.check(t, "POST", "/v1/ledger/undo", 200, w.Body.String())
	if n := hands(); n != 2 {
		t.Fatalf("%d hands after undo", n)
	}
	if w := do(t, h, "POST", "/v1/ledger/undo", `{}`); w.Code != http.StatusOK {
		t.Fatalf("undo with {}: %d %s", w.Code, w.Body)
	}

	// The chart is the picture ledger chart draws.
	w = do(t, h, "GET", "/v1/ledger/chart.svg", "")
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(w.Body.String(), "<svg") {
		t.Fatalf("GET /v1/ledger/chart.svg: %d %s %.200s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}

	// Bad input is the command's error, with 400; nothing is written.
	for _, tt := range []struct{ body, has string }{
		{`{"winner": "Zed", "discarder": "Cy", "faan": "5"}`, "Zed"},
		{`{"winner": "Bo", "discarder": "Cy", "faan": "lots"}`, "faan"},
		{`{"winner": "Bo", "discarder": "Cy", "value": "25"}`, "value"},
		{`{"winner": "Bo", "log": "/etc/passwd"}`, `unknown field \"log\"`},
		{`{"winner": "Bo", "discarder": "Cy", "hand": ["123m45x"]}`, `"col":`},
		{`{}`, `"code":2`},
	} {
		w := do(t, h, "POST", "/v1/ledger/hands", tt.body)
		if w.Code != http.StatusBadRequest {
			t.Errorf("POST /v1/ledger/hands %s: %d, want 400: %s", tt.body, w.Code, w.Body)
			continue
		}
		validate(t, errSchema, "error", w.Body.String())
		if !strings.Contains(w.Body.String(), tt.has) {
			t.Errorf("POST /v1/ledger/hands %s: the error does not say %s: %s", tt.body, tt.has, w.Body)
		}
	}
	if n := hands(); n != 1 {
		t.Fatalf("%d hands after refused adds", n)
	}
	if w := do(t, h, "POST", "/v1/ledger/undo", `{"hand": 1}`); w.Code != http.StatusBadRequest {
		t.Errorf("undo with a body: %d %s", w.Code, w.Body)
	}
}

// A ledger another process is writing is a 503 with Retry-After, and nothing is lost.
func TestLedgerBusy(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: waits for the lock")
	}
	led := newLedger(t, t.TempDir())
	_, h := newServer(t, server.Options{Ledger: openLedger(t, led)})
	l, err := ledger.Open(led)
	if err != nil {
		t.Fatal(err)
	}
	w := do(t, h, "POST", "/v1/ledger/hands", `{"drawn": true}`)
	l.Close()
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), `"code":4`) {
		t.Fatalf("busy: %d %v %s", w.Code, w.Header(), w.Body)
	}
	if w := do(t, h, "POST", "/v1/ledger/hands", `{"drawn": true}`); w.Code != http.StatusOK {
		t.Fatalf("after the other writer: %d %s", w.Code, w.Body)
	}
}

func TestNoLedger(t *testing.T) {
	_, h := newServer(t, server.Options{})
	for _, p := range []string{"/v1/ledger", "/v1/ledger/chart.svg"} {
		w := do(t, h, "GET", p, "")
		if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "--ledger") {
			t.Errorf("GET %s without a ledger: %d %s", p, w.Code, w.Body)
		}
	}
}

// Shutdown lets a request in flight finish: a ledger add waiting for another writer's lock still
// gets its whole answer, and Serve returns nil after it.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: waits for the lock")
	}
	led := newLedger(t, t.TempDir())
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Ledger: openLedger(t, led)})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	l, err := ledger.Open(led) // another writer holds the ledger
	if err != nil {
		t.Fatal(err)
	}
	answered := make(chan int, 1)
	go func() {
		resp, err := http.Post(s.URL(ln.Addr())+"v1/ledger/hands", "application/json", strings.NewReader(`{"drawn": true}`))
		if err != nil {
			t.Errorf("the request in flight: %v", err)
			answered <- 0
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	time.Sleep(500 * time.Millisecond) // the request is waiting for the lock
	cancel()
	time.Sleep(200 * time.Millisecond)
	l.Close() // the other writer finishes: the request takes the lock and is answered
	select {
	case code := <-answered:
		if code != http.StatusOK {
			t.Errorf("the request in flight was answered %d, want 200", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the request in flight was not answered")
	}
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if got := cli(t, 0, "ledger", "show", led, "-o", "json"); !strings.Contains(got, `"played": 1`) {
		t.Errorf("the hand added during shutdown is not in the ledger:\n%s", got)
	}
}

// An American evening takes the card line's value for a hand, as ledger add --value does.
func TestLedgerAmerican(t *testing.T) {
	dir := t.TempDir()
	led := dir + "/am.jsonl"
	cli(t, 0, "ledger", "new", led, "--players", "Ann,Bo,Cy,Di", "--rules", "american")
	_, h := newServer(t, server.Options{Ledger: openLedger(t, led)})
	if w := do(t, h, "POST", "/v1/ledger/hands", `{"winner": "Bo", "discarder": "Cy", "value": "25"}`); w.Code != http.StatusOK {
		t.Fatalf("value: %d %s", w.Code, w.Body)
	}
	if w := do(t, h, "POST", "/v1/ledger/hands", `{"winner": "Bo", "discarder": "Cy", "faan": "5"}`); w.Code != http.StatusBadRequest {
		t.Errorf("faan under American rules: %d %s", w.Code, w.Body)
	}
}

// A ledger's error answer names the request's fields by their JSON names, as the body gives them,
// never by the command line's flags: the command line says --false-win, an HTTP answer
// "false_win".
func TestLedgerErrorsNameFields(t *testing.T) {
	led := newLedger(t, t.TempDir())
	_, h := newServer(t, server.Options{Ledger: openLedger(t, led)})
	for _, tt := range []struct{ body, error, hint string }{
		{`{"winner": "Zed", "discarder": "Cy", "faan": "5"}`, `"winner" Zed is not a player at this table`, "the players are Ann, Bo, Cy, Di (names are case-sensitive)"},
		{`{"drawn": true, "false_win": "Bo"}`, `"hand", "drawn" and "false_win" each give the whole hand: use one`, ""},
		{`{"false_win": "Bo", "winner": "Bo"}`, `"winner" with "false_win": the hand has no winner`, ""},
		{`{}`, `say how the hand ended: "winner" NAME, "drawn" or "false_win" NAME`, `e.g. {"winner": "Bo", "faan": 5, "discarder": "Cy"}`},
		{`{"winner": "Bo", "discarder": "Bo", "faan": 5}`, `"discarder" Bo is the winner: nobody wins on their own discard`, ""},
		{`{"winner": "Bo", "discarder": "Cy", "faan": "lots"}`, `"faan" "lots": "lots" is not a whole number`, ""},
		{`{"winner": "Bo", "discarder": "Cy"}`, `no "faan": say what Bo's hand is worth, or give the hand with "hand"`, `e.g. "faan" 5, or "limit" for a limit hand`},
		{`{"winner": "Bo", "discarder": "Cy", "value": 25}`, `"value" does not apply to this ledger's ruleset hk (family hk)`, `a Hong Kong hand is worth faan: use "faan" N`},
		{`{"winner": "Bo", "discarder": "Cy", "faan": 5, "win": "sideways"}`, `"win": unknown win "sideways": expected one of discard, self-draw, kong-replacement, kong-on-kong, flower-replacement, robbing-kong, heavenly, earthly, human, seven-flowers`, ""},
		{`{"winner": "Bo", "points": ["Bo=1"]}`, `"points": nothing for Ann: give all four players`, ""},
		{`{"winner": "Bo,Di", "discarder": "Cy", "faan": "5,3", "limit": true}`, `"limit" with several winners: give it for one winner, or record the hand from a referee log`, `several winners: {"winner": "A,B", "faan": "5,3"} ("5,limit" for a limit hand)`},
	} {
		w := do(t, h, "POST", "/v1/ledger/hands", tt.body)
		var e struct{ Error, Hint string }
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || w.Code != http.StatusBadRequest {
			t.Errorf("POST /v1/ledger/hands %s: %d %s", tt.body, w.Code, w.Body)
			continue
		}
		if e.Error != tt.error || e.Hint != tt.hint {
			t.Errorf("POST /v1/ledger/hands %s:\n got %q, hint %q\nwant %q, hint %q", tt.body, e.Error, e.Hint, tt.error, tt.hint)
		}
		if strings.Contains(w.Body.String(), "--") {
			t.Errorf("POST /v1/ledger/hands %s: the answer names a flag: %s", tt.body, w.Body)
		}
	}
}
