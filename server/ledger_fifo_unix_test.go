//go:build unix

package server_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjref/mjref/server"
)

// Issue 24: a FIFO at the ledger's state cache path is refused at once as bad input (400), and
// the next request is refused the same way: it never holds the lock, so the ledger never answers
// 503 until a restart.
func TestLedgerCacheFIFO(t *testing.T) {
	dir := t.TempDir()
	led := newLedger(t, dir)
	_, h := newServer(t, server.Options{Ledger: openLedger(t, led)})
	if w := do(t, h, "POST", "/v1/ledger/hands", `{"drawn": true}`); w.Code != http.StatusOK {
		t.Fatalf("first hand: %d %s", w.Code, w.Body)
	}
	cache := filepath.Join(dir, ".evening.jsonl.state")
	os.Remove(cache)
	if err := syscall.Mkfifo(cache, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	for i := range 2 {
		done := make(chan *httptest.ResponseRecorder, 1)
		go func() { done <- do(t, h, "POST", "/v1/ledger/hands", `{"drawn": true}`) }()
		select {
		case w := <-done:
			if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "a named pipe (FIFO), not a regular file") {
				t.Fatalf("request %d with a FIFO cache: %d %s", i+1, w.Code, w.Body)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("request %d blocked on a FIFO at the state cache's path", i+1)
		}
	}
}
