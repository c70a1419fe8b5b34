package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/rulesets"
)

// BenchmarkLedgerAdd runs 'mjref ledger add' in process on a Hong Kong ledger that already holds
// 10, 1,000 and 10,000 hands: header, ruleset, open (the state from the cache), settle, append
// and sync, cache, output. It should not grow with the hands recorded. The sync of each line makes
// it as noisy as the disk: LEDGER_BENCH_DIR=/dev/shm shows the cost of the code alone.
//
//	LEDGER_BENCH_DIR=/dev/shm go test ./cmd -run XXX -bench LedgerAdd -benchtime 100x
func BenchmarkLedgerAdd(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			path := benchLedger(b, n)
			i := 0
			for b.Loop() {
				ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: &bytes.Buffer{}}
				args := []string{"ledger", "add", path, "--winner", benchPlayers[(i+1)%4], "--faan", "3", "--discarder", benchPlayers[i%4]}
				if code := Run(args, ios); code != 0 {
					b.Fatalf("exit %d: %s", code, ios.ErrOut)
				}
				i++
			}
		})
	}
}

// BenchmarkLedgerReplay runs 'mjref ledger show' and 'mjref ledger verify' in process on a
// ledger of 10, 1,000 and 10,000 hands: both read the whole record, check its chain and
// recompute every settlement; show also draws the history table.
//
//	LEDGER_BENCH_DIR=/dev/shm go test ./cmd -run XXX -bench LedgerReplay -benchtime 5x
func BenchmarkLedgerReplay(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		path := benchLedger(b, n)
		for _, cmd := range []string{"show", "verify"} {
			b.Run(fmt.Sprintf("%s/hands=%d", cmd, n), func(b *testing.B) {
				for b.Loop() {
					ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: &bytes.Buffer{}}
					if code := Run([]string{"ledger", cmd, path}, ios); code != 0 {
						b.Fatalf("exit %d: %s", code, ios.ErrOut)
					}
				}
			})
		}
	}
}

var benchPlayers = [4]string{"Ann", "Ben", "Cat", "Dan"}

// benchLedger writes an open Hong Kong game of n hands (wins on a discard, 3 to 7 faan) in
// LEDGER_BENCH_DIR when set, else a temporary directory, and returns its path.
func benchLedger(b *testing.B, n int) string {
	b.Helper()
	rs, err := rulesets.Load("hk")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	if d := os.Getenv("LEDGER_BENCH_DIR"); d != "" {
		if dir, err = os.MkdirTemp(d, "mjref-bench-"); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { os.RemoveAll(dir) })
	}
	path := filepath.Join(dir, "evening.jsonl")
	flow := gamerules.HongKongFlow()
	flow.Length = gamerules.Length{}
	l, err := ledger.Create(path, ledger.Header{Players: benchPlayers, Ruleset: "hk", Family: "hk", Flow: flow}, ledger.WithSettler(ledger.NewSettlement(rs.Settlement, nil)))
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if _, err := l.Add(ledger.Hand{Winner: benchPlayers[(i+1)%4], Discarder: benchPlayers[i%4], Faan: 3 + i%5}); err != nil {
			b.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}
