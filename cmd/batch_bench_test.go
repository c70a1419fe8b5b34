package cmd

import (
	"bytes"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/internal/cpuclock"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/scoring"
	"github.com/mjref/mjref/scoring/hk"
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
	cpu0 := cpuTime()
	for b.Loop() {
		ios := &IOStreams{In: strings.NewReader(input), Out: io.Discard, ErrOut: &bytes.Buffer{}}
		if code := Run([]string{"score", "-", "-o", "jsonl", "--win", "self-draw"}, ios); code > 1 {
			b.Fatalf("exit %d: %s", code, ios.ErrOut)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(n*b.N), "cpu-ns/hand")
	}
}

// BenchmarkScoreAloneHK is what BenchmarkBatchScoreHK and BenchmarkScoreLineHK are measured
// against: Hong Kong scoring alone (hk.Score) of the same random hands, parsed beforehand, in the
// same situation, in thread CPU time. A batch line's cost over this is the batch's own: parsing
// the line, the situation, the result's head and its JSON.
//
//	go test ./cmd -run XXX -bench 'ScoreAloneHK|ScoreLineHK' -cpu 1
func BenchmarkScoreAloneHK(b *testing.B) {
	lines := strings.Split(strings.TrimSpace(randomWinningHands(2000, 5)), "\n")
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	hands := make([]notation.Hand, len(lines))
	for i, l := range lines {
		if hands[i], err = e.Parse(l); err != nil {
			b.Fatal(err)
		}
	}
	sit := scoring.Situation{Seat: notation.SeatEast, Prevailing: notation.SeatEast, Win: scoring.SelfDraw}
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		if _, err := hk.Score(&hands[i%len(hands)], sit, hongkong.Rules(e.Ruleset())); err != nil {
			b.Fatal(err)
		}
		i++
	}
	clock.Stop(b)
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
	clock := cpuclock.Start()
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
	clock.Stop(b)
}

// randomAmericanHands writes n random 13-tile American hands, one per line, drawn from a whole
// set (flowers and jokers too): most are far from every line, so closest ranks the whole card.
func randomAmericanHands(n int, seed uint64) string {
	var set []string
	for _, s := range []string{"m", "p", "s"} {
		for k := 1; k <= 9; k++ {
			set = append(set, strconv.Itoa(k)+s, strconv.Itoa(k)+s, strconv.Itoa(k)+s, strconv.Itoa(k)+s)
		}
	}
	for _, t := range []string{"N", "E", "W", "S", "Rd", "Gd", "0"} {
		set = append(set, t, t, t, t)
	}
	for range 8 {
		set = append(set, "f", "J")
	}
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	for range n {
		r.Shuffle(len(set), func(i, j int) { set[i], set[j] = set[j], set[i] })
		b.WriteString(strings.Join(set[:13], " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// BenchmarkBatchClosest measures `mjref closest - --rules american -o jsonl` end to end: each line
// ranks the whole card and writes about 7.5 KB. It reports hands/s; -benchmem shows the bytes
// allocated, most of them the chunks' output buffers when they are sized too small.
//
//	go test ./cmd -run XXX -bench BatchClosest -benchmem -benchtime 3x
func BenchmarkBatchClosest(b *testing.B) {
	n := 5000
	input := randomAmericanHands(n, 7)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		ios := &IOStreams{In: strings.NewReader(input), Out: io.Discard, ErrOut: &bytes.Buffer{}}
		if code := Run([]string{"closest", "-", "--rules", "american", "-o", "jsonl"}, ios); code > 1 {
			b.Fatalf("exit %d: %s", code, ios.ErrOut)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}
