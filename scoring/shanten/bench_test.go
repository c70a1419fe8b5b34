package shanten

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/mjref/mjref/internal/cpuclock"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring/shanten/internal/tables"
)

// benchHands returns n hands made by gen from a fixed seed, built outside the timed loop.
func benchHands(n int, gen func(r *rand.Rand) notation.Counts) []notation.Counts {
	r := rand.New(rand.NewPCG(2026, 5))
	hs := make([]notation.Counts, n)
	for i := range hs {
		hs[i] = gen(r)
	}
	return hs
}

const benchN = 4096

var sink int

func BenchmarkAll(b *testing.B) {
	hs := benchHands(benchN, func(r *rand.Rand) notation.Counts { return randomHand(r, 13) })
	load()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		sink += All(&hs[i%benchN], 0, AllShapes).Best
		i++
	}
	clock.Stop(b)
}

func BenchmarkStandard(b *testing.B) {
	hs := benchHands(benchN, func(r *rand.Rand) notation.Counts { return randomHand(r, 13) })
	load()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		sink += Standard(&hs[i%benchN], 0)
		i++
	}
	clock.Stop(b)
}

func BenchmarkIsWinning(b *testing.B) {
	hs := benchHands(benchN, func(r *rand.Rand) notation.Counts { return randomWin(r, 4) })
	load()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		if IsWinning(&hs[i%benchN], 0) {
			sink++
		}
		i++
	}
	clock.Stop(b)
}

func BenchmarkWaits(b *testing.B) {
	hs := benchHands(benchN, func(r *rand.Rand) notation.Counts { return randomReady(r, 4) })
	load()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		sink += int(Waits(&hs[i%benchN], 0, AllShapes))
		i++
	}
	clock.Stop(b)
}

func BenchmarkDiscards(b *testing.B) {
	hs := benchHands(benchN, func(r *rand.Rand) notation.Counts { return randomHand(r, 14) })
	load()
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		sink += len(Discards(&hs[i%benchN], 0, AllShapes))
		i++
	}
	clock.Stop(b)
}

// BenchmarkBuildTables measures what building the tables at start-up would cost (go generate
// does it instead).
func BenchmarkBuildTables(b *testing.B) {
	clock := cpuclock.Start()
	for b.Loop() {
		sink += tables.Build().NPair()
	}
	clock.Stop(b)
}

// BenchmarkLoad measures the one-time cost paid by the first call of a process: inflating and
// decoding the embedded tables and building the key halves.
func BenchmarkLoad(b *testing.B) {
	clock := cpuclock.Start()
	for b.Loop() {
		loadOnce = sync.Once{}
		load()
	}
	clock.Stop(b)
}
