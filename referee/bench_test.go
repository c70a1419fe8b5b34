package referee

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mjref/mjref/notation"
)

func benchLog(b *testing.B, path string) []byte {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkReadLog reads a 25-event YAML log.
func BenchmarkReadLog(b *testing.B) {
	data := benchLog(b, "testdata/logs/responsibility.yaml")
	for b.Loop() {
		if _, err := ReadLog(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplay replays a 25-event hand with the stand-in scorer and settler.
func BenchmarkReplay(b *testing.B) {
	lg, err := ReadLog(benchLog(b, "testdata/logs/responsibility.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	deps := testDeps()
	b.ReportAllocs()
	for b.Loop() {
		r := mustReplay(b, lg, deps)
		if r.Result.Outcome != OutcomeWin {
			b.Fatal(r.Result)
		}
	}
}

// BenchmarkResolveClaims settles the three-way claim.
func BenchmarkResolveClaims(b *testing.B) {
	claims, err := ParseClaims("S win, N pong, E chow")
	if err != nil {
		b.Fatal(err)
	}
	tile := notation.MustParse("5p").Win
	deps := testDeps()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ResolveClaims(notation.SeatWest, tile, claims, [4]*notation.Hand{}, deps); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadReplayLong reads and replays logs of 1000 and MaxEvents events (a discard and an
// unseen draw, over and over: each is ruled, most illegal once the wall is out). The time per
// event should not grow with the log: replay is linear in its events.
func BenchmarkReadReplayLong(b *testing.B) {
	for _, n := range []int{1000, MaxEvents} {
		var sb strings.Builder
		sb.WriteString("ruleset: hk\ndealer: E\nprevailing: E\nevents:\n")
		for i := range n / 2 {
			seat := "ESWN"[i%4]
			next := "ESWN"[(i+1)%4]
			fmt.Fprintf(&sb, "  - %c discard 1m\n  - %c draw ?\n", seat, next)
		}
		data := []byte(sb.String())
		deps := testDeps()
		b.Run(fmt.Sprintf("events=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				lg, err := ReadLog(data)
				if err != nil {
					b.Fatal(err)
				}
				mustReplay(b, lg, deps)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/event")
		})
	}
}
