package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mjref/mjref/internal/cpuclock"
)

// scoreAnswers are score requests of every family, a Hong Kong hand below the minimum and one
// that is no win.
var scoreAnswers = []string{
	`{"hand": "123m456p789s111z55z", "win": "self-draw"}`,
	`{"hand": "123m123m123m999p5z+5z", "seat": "S"}`,
	`{"hand": "19m19p19s1234567z+1z"}`,
	`{"hand": "123m456p789s123m55z"}`,
	`{"hand": "123m456p789s111z57z"}`,
	`{"hand": "123m456m789p111z55s", "rules": "deburger-2026", "win": "self-draw"}`,
	`{"hand": "NN 2026m SS 666p 66sJ", "rules": "american"}`,
}

// BenchmarkServeScore is one POST /v1/score of each of scoreAnswers' hands in turn, handled in
// process (no network): decoding, scoring and the answer. cpu-ns/op is this thread's CPU time.
//
//	go test ./server -run '^$' -bench ServeScore -benchmem -cpu 1
func BenchmarkServeScore(b *testing.B) {
	s, err := New(Options{Addr: "127.0.0.1:0"})
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "http://127.0.0.1/v1/score", strings.NewReader(scoreAnswers[i%len(scoreAnswers)]))
		r.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(w, r)
		if w.Code != http.StatusOK && w.Code != http.StatusUnprocessableEntity {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
		i++
	}
	clock.Stop(b)
}
