package cmd

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjref/mjref/notation"
)

// randomWinningHands writes n random Hong Kong winning hands, one per line: four sets (chows or pongs,
// some exposed) and a pair, with random bonus tiles.
func randomWinningHands(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for range n {
		var all notation.Counts
		var conc notation.Counts
		var melds []string
		add := func(t notation.Tile, k int) bool {
			if int(all[t])+k > 4 {
				return false
			}
			all[t] += uint8(k)
			return true
		}
		for sets := 0; sets < 4; {
			exposed := r.IntN(4) == 0
			if r.IntN(2) == 0 {
				t := notation.Tile(1 + r.IntN(34))
				if !add(t, 3) {
					continue
				}
				if exposed {
					melds = append(melds, "["+strings.Repeat(t.String()[:1], 3)+t.String()[1:]+"]")
				} else {
					conc[t] += 3
				}
			} else {
				t := notation.Tile(1 + r.IntN(27))
				if t.Num() > 7 || all[t] > 3 || all[t+1] > 3 || all[t+2] > 3 {
					continue
				}
				all[t]++
				all[t+1]++
				all[t+2]++
				if exposed {
					melds = append(melds, notation.Meld{Kind: notation.Chow, Tile: t, From: notation.NoSeat}.String())
				} else {
					conc[t]++
					conc[t+1]++
					conc[t+2]++
				}
			}
			sets++
		}
		for {
			t := notation.Tile(1 + r.IntN(34))
			if add(t, 2) {
				conc[t] += 2
				break
			}
		}
		b.WriteString(notation.FormatTiles(conc.Tiles()))
		for _, m := range melds {
			b.WriteByte(' ')
			b.WriteString(m)
		}
		if r.IntN(3) == 0 {
			b.WriteString(" 1f")
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// BenchmarkBatchScoreHK measures `mjref score - -o jsonl` end to end on random Hong Kong winning hands:
// reading, parsing, scoring on every core and writing JSON lines. It reports hands/s.
//
//	go test ./cmd -run XXX -bench BatchScoreHK -benchtime 3x
func BenchmarkBatchScoreHK(b *testing.B) {
	n := benchHands
	input := randomWinningHands(n, 7)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		ios := &IOStreams{In: strings.NewReader(input), Out: io.Discard, ErrOut: &bytes.Buffer{}}
		if code := Run([]string{"score", "-", "-o", "jsonl", "--win", "self-draw"}, ios); code > 1 {
			b.Fatalf("exit %d: %s", code, ios.ErrOut)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// benchHands is how many hands one run of BenchmarkBatchScoreHK scores.
var benchHands = 100_000
