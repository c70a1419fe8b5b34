package server_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/server"
)

// seasonDir writes a season of three evenings into a directory with mjref ledger: Ann, Bo, Cy and
// 陳大文, who is Di too in the second evening (an alias).
func seasonDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for i, ev := range []struct {
		players string
		hands   [][]string
	}{
		{"Ann,Bo,Cy,陳大文", [][]string{{"--winner", "Ann", "--faan", "5", "--discarder", "Bo"}, {"--winner", "陳大文", "--faan", "3", "--win", "self-draw"}}},
		{"Ann,Bo,Cy,Di", [][]string{{"--winner", "Di", "--faan", "6", "--discarder", "Ann"}}},
		{"Bo,Cy,陳大文,Ann", [][]string{{"--winner", "Cy", "--faan", "4", "--discarder", "陳大文"}, {"--drawn"}, {"--winner", "Bo", "--faan", "7", "--win", "self-draw"}}},
	} {
		path := filepath.Join(dir, "e"+string(rune('1'+i))+".jsonl")
		cli(t, 0, "ledger", "new", path, "--players", ev.players)
		for _, h := range ev.hands {
			cli(t, 0, append([]string{"ledger", "add", path}, h...)...)
		}
	}
	return dir
}

// GET /v1/season is mjref season -o json of the server's ledgers, counted afresh at each request:
// a ledger that does not verify is left out and named; the page is told the season is on.
func TestSeasonEndpoint(t *testing.T) {
	schema := schemas(t)
	dir := seasonDir(t)
	opts := engine.SeasonOptions{Paths: []string{dir}, SkipBroken: true, Aliases: []string{"Di=陳大文"}}
	_, h := newServer(t, server.Options{Season: &opts})
	a := getOpenAPI(t, h)
	get := func(want string) {
		t.Helper()
		w := do(t, h, "GET", "/v1/season", "")
		if w.Code != http.StatusOK {
			t.Fatalf("GET /v1/season: %d %s", w.Code, w.Body)
		}
		if w.Body.String() != want {
			t.Errorf("GET /v1/season differs from mjref season:\n got %s\nwant %s", w.Body, want)
		}
		validate(t, schema("season"), "season", w.Body.String())
		a.check(t, "GET", "/v1/season", 200, w.Body.String())
	}
	get(cli(t, 0, "season", dir, "--alias", "Di=陳大文", "-o", "json"))

	// A ledger changed by hand is left out, and named, at the next request.
	e2 := filepath.Join(dir, "e2.jsonl")
	b, err := os.ReadFile(e2)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e2, []byte(strings.Replace(string(b), `"faan":6`, `"faan":8`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, ".e2.jsonl.state"))
	want := cli(t, 0, "season", dir, "--alias", "Di=陳大文", "--skip-broken", "-o", "json")
	if !strings.Contains(want, "e2.jsonl") {
		t.Fatalf("the changed ledger is not left out:\n%s", want)
	}
	get(want)

	if w := do(t, h, "GET", "/", ""); !strings.Contains(w.Body.String(), `<meta name="mjref-season" content="on">`) {
		t.Errorf("the page is not told of the season:\n%.600s", w.Body)
	}

	// Without a season there is no endpoint, and the 404 says what turns it on.
	_, plain := newServer(t, server.Options{})
	w := do(t, plain, "GET", "/v1/season", "")
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "--season") {
		t.Errorf("GET /v1/season without a season: %d %s", w.Code, w.Body)
	}
	if w := do(t, plain, "GET", "/", ""); !strings.Contains(w.Body.String(), `<meta name="mjref-season" content="off">`) {
		t.Errorf("the page without a season:\n%.600s", w.Body)
	}
}
