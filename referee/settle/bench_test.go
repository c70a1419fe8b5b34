package settle_test

import (
	"testing"

	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/referee/settle"
	"github.com/mjref/mjref/scoring"
)

func BenchmarkSettleDiscard(b *testing.B) {
	r := loadRules(b, "hk-settlement.yaml")
	in := settle.Input{Kind: scoring.Discard, Discarder: W, Winners: []settle.Winner{winner(S, 6)}}
	for b.Loop() {
		if _, err := settle.Settle(r, in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSettleHeadBumpHalf(b *testing.B) {
	r := with(loadRules(b, "hk-settlement.yaml"), half)
	in := settle.Input{Kind: scoring.Discard, Discarder: N, Winners: []settle.Winner{winner(W, 8), winner(S, 5), winner(E, 3)}}
	for b.Loop() {
		if _, err := settle.Settle(r, in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkResponsible(b *testing.B) {
	r := loadRules(b, "hk-settlement.yaml")
	h := notation.MustParse("[555z][666z][777z@E]123m99p")
	sit := scoring.Situation{Seat: N, Win: scoring.SelfDraw, Discarder: X}
	for b.Loop() {
		if _, err := settle.Responsible(r, &h, sit); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseAmount(b *testing.B) {
	for b.Loop() {
		if _, err := settle.ParseAmount("1234.5678"); err != nil {
			b.Fatal(err)
		}
	}
}
