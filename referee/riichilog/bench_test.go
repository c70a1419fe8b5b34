package riichilog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mjref/mjref/referee/riichilog"
)

// benchLog is the longest Tenhou hanchan of the corpus (bug6.xml, 15 hands) when ../shared is
// there, else this package's own small log.
func benchLog(b *testing.B) ([]byte, string) {
	if dir := findShared(); dir != "" {
		data, err := os.ReadFile(filepath.Join(dir, "tenhou_logs", "bug6.xml"))
		if err == nil {
			return data, "bug6.xml"
		}
	}
	data, err := os.ReadFile("testdata/small.mjlog")
	if err != nil {
		b.Fatal(err)
	}
	return data, "small.mjlog"
}

// BenchmarkReadReview reads a whole game and scores, settles and checks every result, as
// `mjref referee --check` does: hands per second is the figure for the closing note.
func BenchmarkReadReview(b *testing.B) {
	data, _ := benchLog(b)
	g, err := riichilog.Read(data)
	if err != nil {
		b.Fatal(err)
	}
	hands := len(g.Rounds)
	b.ReportAllocs()
	for b.Loop() {
		g, err := riichilog.Read(data)
		if err != nil {
			b.Fatal(err)
		}
		riichilog.Review(g, nil)
	}
	b.ReportMetric(float64(b.N*hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkRead is the reading alone.
func BenchmarkRead(b *testing.B) {
	data, _ := benchLog(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := riichilog.Read(data); err != nil {
			b.Fatal(err)
		}
	}
}
