package referee

import (
	"os"
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
		r := Replay(lg, deps)
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
