package american

import (
	"testing"

	"github.com/mjref/mjref/notation"
)

func BenchmarkMatch(b *testing.B) {
	card := sampleCard(b)
	for _, bc := range []struct{ name, hand string }{
		{"first line", "NN 226m Wd SS 666p 666s"},
		{"with jokers", "ff 33m JJ 3333p 333s J"},
		{"exposed", "NN 226m Wd SS [666p] [66sJ]"},
		{"no match", "1111m 33m 555p 77p 99s 9m"},
		{"exposed no match", "[1111m] 33m 555p 77p 99s 9m"},
	} {
		h := mustHand(b, bc.hand)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				Match(card, h, nil)
			}
		})
	}
}

func BenchmarkClosest(b *testing.B) {
	card := sampleCard(b)
	seen := notation.CountsOf(notation.White, notation.White, notation.Joker)
	for _, bc := range []struct{ name, hand string }{
		{"concealed", "NN 226m Wd SS 666p 66s"},
		{"exposed", "NN 226m Wd SS [666p] 66s"},
	} {
		h := mustHand(b, bc.hand)
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				Closest(card, h, seen, 5)
			}
		})
	}
}

func BenchmarkCompileSample(b *testing.B) {
	for b.Loop() {
		sampleCard(b)
	}
}
