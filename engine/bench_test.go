package engine_test

import (
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/schema"
)

// BenchmarkSettle settles one hand on an engine opened once, as a server does per request, and
// writes its JSON document.
func BenchmarkSettle(b *testing.B) {
	for _, bc := range []struct {
		name, rules string
		req         engine.SettleRequest
	}{
		{"faan", "hk", engine.SettleRequest{Faan: "6", Winner: "S", Discarder: "W"}},
		{"hand", "hk", engine.SettleRequest{Hand: "[555z] [666z] [777z@E] 123m 9p+9p", Seat: "N", Win: "self-draw"}},
		{"deburger", "deburger-2026", engine.SettleRequest{Hands: []string{"E=123m456m789p111z55s", "S=123m456p777z99p5m8s",
			"W=123m456p777z99p5m8s 3f*", "N=11m55m99p22s33s11z7z"}, Mahjong: "E", Win: "self-draw"}},
	} {
		e, err := engine.Open(bc.rules, engine.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				s, err := e.Settle(bc.req)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := schema.Marshal(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
