package cmd

import (
	"bytes"
	"flag"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/family/hongkong"
	"github.com/mjref/mjref/internal/cpuclock"
	"github.com/mjref/mjref/internal/handgen"
	"github.com/mjref/mjref/notation"
	"github.com/mjref/mjref/schema"
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
	n := *benchHands
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

// BenchmarkBatchScoreRiichi is BenchmarkBatchScoreHK under the riichi ruleset, on random winning
// hands without flowers (not riichi tiles): won by tsumo, and by ron with riichi's own flags given
// for the whole batch (read once, as the flags of the hand are).
//
//	go test ./cmd -run XXX -bench BatchScoreRiichi -benchtime 3x
func BenchmarkBatchScoreRiichi(b *testing.B) {
	n := *benchHands
	hands := func(maxMelds int) string {
		r := rand.New(rand.NewPCG(7, 1))
		var in strings.Builder
		for range n {
			in.WriteString(notation.Format(handgen.Random(r, maxMelds)))
			in.WriteByte('\n')
		}
		return in.String()
	}
	for _, bc := range []struct {
		name  string
		input string
		flags []string
	}{
		{"tsumo", hands(2), []string{"--win", "tsumo"}},
		// Closed hands: riichi is declared only with one.
		{"riichi_flags", hands(0), []string{"--win", "ron", "--riichi", "--dora", "1m", "--honba", "1"}},
	} {
		input := bc.input
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			cpu0 := cpuTime()
			for b.Loop() {
				ios := &IOStreams{In: strings.NewReader(input), Out: io.Discard, ErrOut: &bytes.Buffer{}}
				if code := Run(append([]string{"score", "-", "-o", "jsonl", "--rules", "riichi"}, bc.flags...), ios); code > 1 {
					b.Fatalf("exit %d: %s", code, ios.ErrOut)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(n*b.N), "cpu-ns/hand")
			}
		})
	}
}

// BenchmarkScoreAloneHK is what BenchmarkBatchScoreHK and BenchmarkScoreLineHK are measured
// against: Hong Kong scoring alone (hk.Score) of the same random hands, parsed beforehand, in the
// same situation, in thread CPU time. A batch line's cost over this is the batch's own: parsing
// the line, the situation, the result's head and its JSON.
//
//	go test ./cmd -run XXX -bench 'ScoreAloneHK|ScoreLineHK' -cpu 1
func BenchmarkScoreAloneHK(b *testing.B) {
	lines := strings.Split(strings.TrimSpace(randomWinningHands(*lineHands, 5)), "\n")
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
	// The situation the batch's flags give (--win self-draw: no discarder).
	sit, err := engine.ScoreRequest{Seat: "E", Prevailing: "E", Win: "self-draw"}.Situation()
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		if _, err := hk.Score(&hands[i%len(hands)], sit.Situation, hongkong.Rules(e.Ruleset())); err != nil {
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
	n := *benchHands / 4
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

// benchHands is how many hands one run of BenchmarkBatchScoreHK scores (the figure is on
// a million: go test ./cmd -run XXX -bench 'BatchScoreHK$' -benchtime 1x -args -bench.hands 1000000).
var benchHands = flag.Int("bench.hands", 100_000, "how many hands one run of BenchmarkBatchScoreHK scores")

// lineHands is how many different hands BenchmarkScoreAloneHK and the line benchmarks go round:
// 2,000 stay in the caches; a million do not, as in a batch of a million.
var lineHands = flag.Int("bench.linehands", 2000, "how many different hands the one-line benchmarks go round")

// BenchmarkScoreLineHK measures one batch line of `mjref score - -o jsonl` on one core, without the
// reading and writing around it: the line's request read, parsed and scored under hk, and its JSON
// line written into the chunk's buffer, by the batch's own functions (the score command's
// jsonLine, appendLine).
//
//	go test ./cmd -run XXX -bench ScoreLineHK
func BenchmarkScoreLineHK(b *testing.B) {
	lines := strings.Split(strings.TrimSpace(randomWinningHands(*lineHands, 5)), "\n")
	ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
	f := &factory{IO: ios, Rules: "hk"}
	o := &scoreOptions{IO: ios, Seat: "E", Prevailing: "E", Win: "self-draw"}
	s, err := newScorer(f, o)
	if err != nil {
		b.Fatal(err)
	}
	fn := s.jsonLine()
	c := &chunk{out: bytes.NewBuffer(make([]byte, 0, 64<<10))}
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		if c.out.Available() < 4096 {
			c.out.Reset()
		}
		if _, err := appendLine(c, fn, batchLine{N: i + 1, Text: lines[i%len(lines)]}); err != nil {
			b.Fatal(err)
		}
		i++
	}
	clock.Stop(b)
}

// BenchmarkScoreLineFloorHK is a batch line's work with none of the batch around it: the hand
// parsed into one reused Hand, hk.Score called directly, and the line's JSON (schema_version, the
// head with the canonical hand appended in place, the result) written straight into one buffer;
// no result box, no interface, no situation check. Against BenchmarkScoreLineHK it measures what
// the batch's own glue costs; against BenchmarkScoreAloneHK what parsing, formatting and the JSON
// cost once the scorer shares the core with them.
//
//	go test ./cmd -run XXX -bench 'ScoreAloneHK|ScoreLine' -cpu 1 -count 6
func BenchmarkScoreLineFloorHK(b *testing.B) {
	lines := strings.Split(strings.TrimSpace(randomWinningHands(*lineHands, 5)), "\n")
	e, err := engine.Open("hk", engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	sit, err := engine.ScoreRequest{Seat: "E", Prevailing: "E", Win: "self-draw"}.Situation()
	if err != nil {
		b.Fatal(err)
	}
	rules := hongkong.Rules(e.Ruleset())
	// The head after the hand is the same on every line: written once.
	rest := family.AppendHead(nil, &family.ScoreHead{Ruleset: e.Ruleset().Name, Situation: sit.View()})
	rest = rest[len(`{"hand":""`):]
	prefix := `{"schema_version":` + strconv.Itoa(schema.Version) // written by hand, as the rest
	h := new(notation.Hand)
	line := func(buf []byte, i int) []byte {
		if *h, err = e.Parse(lines[i%len(lines)]); err != nil {
			b.Fatal(err)
		}
		res, err := hk.Score(h, sit.Situation, rules)
		if err != nil {
			b.Fatal(err)
		}
		buf = append(buf[:0], prefix...)
		buf = append(strconv.AppendInt(append(buf, `,"input_line":`...), int64(i+1), 10), `,"hand":"`...)
		buf = append(notation.AppendFormatWith(buf, *h, notation.Options{}), '"')
		return append(res.AppendJSON(append(append(buf, rest...), ',')), '}', '\n')
	}
	// The floor writes what the batch writes.
	ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard}
	s, err := newScorer(&factory{IO: ios, Rules: "hk"}, &scoreOptions{IO: ios, Seat: "E", Prevailing: "E", Win: "self-draw"})
	if err != nil {
		b.Fatal(err)
	}
	for i := range 200 {
		v, err := s.score(engine.ScoreRequest{Hand: lines[i]})
		if err != nil {
			b.Fatal(err)
		}
		v.Head().InputLine = i + 1
		c := &chunk{out: new(bytes.Buffer)}
		if err := (batch{format: FormatJSONL}).write(c, batchLine{N: i + 1}, v); err != nil {
			b.Fatal(err)
		}
		if got := line(nil, i); !bytes.Equal(got, c.out.Bytes()) {
			b.Fatalf("line %d: the floor wrote\n%q\nthe batch\n%q", i+1, got, c.out.Bytes())
		}
	}
	var buf []byte
	i := 0
	clock := cpuclock.Start()
	for b.Loop() {
		buf = line(buf, i)
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
