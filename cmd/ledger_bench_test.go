package cmd

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
	rs, err := rulesets.Load("hk")
	if err != nil {
		b.Fatal(err)
	}
	players := [4]string{"Ann", "Ben", "Cat", "Dan"}
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("hands=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			if d := os.Getenv("LEDGER_BENCH_DIR"); d != "" {
				if dir, err = os.MkdirTemp(d, "mjref-bench-"); err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { os.RemoveAll(dir) })
			}
			path := filepath.Join(dir, "evening.jsonl")
			flow := ledger.HongKong()
			flow.Length = ledger.Length{}
			l, err := ledger.Create(path, ledger.Header{Players: players, Ruleset: "hk", Family: "hk", Flow: flow}, ledger.WithSettler(ledger.Settlement(rs.Settlement)))
			if err != nil {
				b.Fatal(err)
			}
			for i := range n {
				if _, err := l.Add(ledger.Hand{Winner: players[(i+1)%4], Discarder: players[i%4], Faan: 3 + i%5}); err != nil {
					b.Fatal(err)
				}
			}
			l.Close()
			i := 0
			for b.Loop() {
				ios := &IOStreams{In: strings.NewReader(""), Out: io.Discard, ErrOut: &bytes.Buffer{}}
				args := []string{"ledger", "add", path, "--winner", players[(i+1)%4], "--faan", "3", "--discarder", players[i%4]}
				if code := Run(args, ios); code != 0 {
					b.Fatalf("exit %d: %s", code, ios.ErrOut)
				}
				i++
			}
		})
	}
}
