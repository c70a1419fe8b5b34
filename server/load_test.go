package server_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mjref/mjref/server"
)

// BenchmarkLoad is the load test: 100 clients on loopback send 20,000 POST /v1/score requests in
// all, every answer must be a 200, and the latencies' median and 99th percentile are reported
// (with the throughput). A figure, not an assertion: run it with
//
//	go test ./server -run '^$' -bench Load -benchtime 1x
func BenchmarkLoad(b *testing.B) {
	const clients, requests = 100, 20000
	s, err := server.New(server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			b.Error(err)
		}
	}()
	url := s.URL(ln.Addr()) + "v1/score"
	bodies := [][]byte{
		[]byte(`{"hand": "123m456p789s111z55z", "win": "self-draw"}`),
		[]byte(`{"hand": "123m123m123m999p5z+5z", "seat": "S"}`),
		[]byte(`{"hand": "19m19p19s1234567z+1z"}`),
		[]byte(`{"hand": "123m456p789s111z57z"}`),
		[]byte(`{"hand": "123m456m789p111z55s", "rules": "deburger-2026", "win": "self-draw"}`),
		[]byte(`{"hand": "NN 2026m SS 666p 66sJ", "rules": "american"}`),
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients}, Timeout: 30 * time.Second}
	for b.Loop() {
		lat := make([]time.Duration, requests)
		var next, failed atomic.Int64
		var firstErr atomic.Value
		var wg sync.WaitGroup
		start := time.Now()
		for range clients {
			wg.Go(func() {
				for {
					i := next.Add(1) - 1
					if i >= requests {
						return
					}
					t0 := time.Now()
					resp, err := client.Post(url, "application/json", bytes.NewReader(bodies[i%int64(len(bodies))]))
					if err == nil {
						_, err = io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						if err == nil && resp.StatusCode != http.StatusOK {
							err = fmt.Errorf("status %d", resp.StatusCode)
						}
					}
					lat[i] = time.Since(t0)
					if err != nil {
						failed.Add(1)
						firstErr.CompareAndSwap(nil, err)
					}
				}
			})
		}
		wg.Wait()
		took := time.Since(start)
		if n := failed.Load(); n > 0 {
			b.Fatalf("%d of %d requests failed; the first: %v", n, requests, firstErr.Load())
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[requests/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[requests*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(requests)/took.Seconds(), "req/s")
	}
}
