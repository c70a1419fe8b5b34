package cmd

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
)

// randomWinningHands writes n random Hong Kong winning hands, one per line: four sets and a pair,
// some of the sets exposed, some hands with a bonus tile.
func randomWinningHands(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for range n {
		h := handgen.Random(r, 2)
		if r.IntN(3) == 0 {
			h.Bonus = []notation.BonusTile{{Tile: notation.F1}}
		}
		b.WriteString(notation.Format(h))
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

// BenchmarkBatchScoreHKTable is BenchmarkBatchScoreHK with the default table output: each hand's
// tables after "line N:".
//
//	go test ./cmd -run XXX -bench BatchScoreHKTable -benchtime 3x
func BenchmarkBatchScoreHKTable(b *testing.B) {
	n := benchHands / 4
	input := randomWinningHands(n, 7)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		ios := &IOStreams{In: strings.NewReader(input), Out: io.Discard, ErrOut: &bytes.Buffer{}}
		if code := Run([]string{"score", "-", "--win", "self-draw"}, ios); code > 1 {
			b.Fatalf("exit %d: %s", code, ios.ErrOut)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// benchHands is how many hands one run of BenchmarkBatchScoreHK scores.
var benchHands = 100_000

// BenchmarkScoreLineHK measures one batch line of `mjref score - -o jsonl` on one core, without the
// reading and writing around it: parse, score under hk, write the JSON line.
//
//	go test ./cmd -run XXX -bench ScoreLineHK
func BenchmarkScoreLineHK(b *testing.B) {
	lines := strings.Split(strings.TrimSpace(randomWinningHands(2000, 5)), "\n")
	ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
	f := &factory{IO: ios, Rules: "hk"}
	o := &scoreOptions{IO: ios, Seat: "E", Prevailing: "E", Win: "self-draw"}
	s, err := newScorer(f, o)
	if err != nil {
		b.Fatal(err)
	}
	var buf []byte
	i := 0
	for b.Loop() {
		req, err := parseRequest(lines[i%len(lines)])
		if err != nil {
			b.Fatal(err)
		}
		v, err := s.score(req)
		if err != nil {
			b.Fatal(err)
		}
		buf = v.(jsonAppender).AppendJSON(buf[:0])
		i++
	}
}
