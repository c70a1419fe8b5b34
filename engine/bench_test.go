package engine_test

import (
	"os"
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

// BenchmarkReferee replays issue 8's log from its text on an engine opened once.
func BenchmarkReferee(b *testing.B) {
	data, err := os.ReadFile("../examples/issue-example.yaml")
	if err != nil {
		b.Fatal(err)
	}
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	req := engine.RefereeRequest{Log: string(data)}
	for b.Loop() {
		if _, err := e.Referee(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClaim rules on three claims on one discard, one claimant's hand given.
func BenchmarkClaim(b *testing.B) {
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	req := engine.ClaimRequest{Discarder: "W", Tile: "5p", Claims: "S win, N pong, E win", Hands: []string{"S=123m456p789s11z46p", "E=11z123m456s789s46p"}}
	for b.Loop() {
		if _, err := e.Claim(req); err != nil {
			b.Fatal(err)
		}
	}
}
