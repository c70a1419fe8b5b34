package server_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/mjref/mjref/server"
)

// No request body makes a play endpoint answer 500 (a bug) or anything but one JSON object.
func FuzzPlayBodies(f *testing.F) {
	for _, seed := range []string{
		`{"hand": "123m456p789s111z55z", "win": "self-draw"}`,
		`{"hand": "123m123m123m999p5z+5z", "seat": "S", "set": {"cap": "13"}}`,
		`{"rules": "deburger-2026", "hand": "123m456p777z99p5m8s 3f*", "loser": true}`,
		`{"rules": "american", "hand": "NN 2026m SS 666p 66sJ", "top": 2}`,
		`{"faan": "6", "winner": "S", "discarder": "W"}`,
		`{"discarder": "W", "tile": "5p", "claims": "S win, N pong"}`,
		`{"log": "events: [E discard 5z]"}`,
		`{"hand": "123m45x"}`, `{}`, `[]`, `null`, ``, `{"hand": 5}`, `{"set": {"card": "x"}}`,
	} {
		for i := range 6 {
			f.Add(i, seed)
		}
	}
	_, h := newServer(f, server.Options{})
	paths := []string{"/v1/score", "/v1/waits", "/v1/settle", "/v1/closest", "/v1/claim", "/v1/referee"}
	f.Fuzz(func(t *testing.T, which int, body string) {
		path := paths[(which%len(paths)+len(paths))%len(paths)]
		w := do(t, h, "POST", path, body)
		if w.Code >= 500 {
			t.Fatalf("POST %s %q: %d %s", path, body, w.Code, w.Body)
		}
		var v map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Fatalf("POST %s %q: the answer is not a JSON object: %v\n%s", path, body, err, w.Body)
		}
		if w.Code != http.StatusOK && v["error"] == nil {
			t.Fatalf("POST %s %q: %d without an error object: %s", path, body, w.Code, w.Body)
		}
	})
}
