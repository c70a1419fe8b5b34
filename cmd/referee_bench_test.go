package cmd

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRefereeGames measures `mjref referee - -o jsonl` end to end on riichi games: each line
// of standard input names a game file, which is read, replayed (every step ruled, every result
// scored, settled and compared) and written as one JSON line, on every core. The games are the
// four-player mjlogs of ../shared/riichi/tenhou_logs when it is there (else the example log, 16
// times). It reports games/s, hands/s and the CPU time a hand costs (cpu-µs/hand: user and system time,
// which a loaded machine does not inflate as it does wall time); -cpu 1,2 measures one core and two.
//
//	go test ./cmd -run XXX -bench RefereeGames -benchtime 5x -cpu 1,2
func BenchmarkRefereeGames(b *testing.B) {
	files, _ := filepath.Glob("../../../shared/riichi/tenhou_logs/*.xml")
	if len(files) == 0 {
		files, _ = filepath.Glob("../../shared/riichi/tenhou_logs/*.xml")
	}
	hands := 0
	var games []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil || strings.Contains(f, "sanma") {
			continue
		}
		games = append(games, f)
		hands += strings.Count(string(data), "<INIT ")
	}
	if len(games) == 0 {
		for range 16 {
			games = append(games, "../examples/riichi-game.mjlog")
		}
		hands = len(games)
	}
	// Eight passes over the games make one run, so every core has games to take.
	var in strings.Builder
	for range 8 {
		for _, g := range games {
			in.WriteString(g + "\n")
		}
	}
	n, h := 8*len(games), 8*hands
	cpu0 := cpuTime()
	for b.Loop() {
		ios := &IOStreams{In: strings.NewReader(in.String()), Out: io.Discard, ErrOut: &bytes.Buffer{}}
		if code := Run([]string{"referee", "-", "-o", "jsonl"}, ios); code > 1 {
			b.Fatalf("exit %d: %s", code, ios.ErrOut)
		}
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(n*b.N)/secs, "games/s")
	b.ReportMetric(float64(h*b.N)/secs, "hands/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/float64(h*b.N), "cpu-µs/hand")
	}
}
