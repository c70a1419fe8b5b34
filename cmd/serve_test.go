package cmd

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestServeRefusesBadFlags(t *testing.T) {
	dir := t.TempDir()
	notLedger := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notLedger, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"serve", "--addr", "0.0.0.0:0"}, "needs a token"},
		{[]string{"serve", "--addr", ":0"}, "needs a token"},
		{[]string{"serve", "--addr", "0.0.0.0:0", "--token", "short"}, "too short"},
		{[]string{"serve", "--addr", "nonsense"}, "host:port"},
		{[]string{"serve", "--ledger", filepath.Join(dir, "missing.jsonl")}, "--ledger"},
		{[]string{"serve", "--ledger", notLedger}, "--ledger"},
		{[]string{"serve", "extra"}, "unknown command"},
		{[]string{"serve", "--rules", "no-such-rules"}, "no-such-rules"},
		{[]string{"serve", "--set", "cap=lots"}, "--set"},
		{[]string{"serve", "--season", filepath.Join(dir, "missing")}, "--season"},
		{[]string{"serve", "--season", notLedger}, "--season"},
		{[]string{"serve", "--alias", "Di=Ann"}, "give --season"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(tt.args, "")
			if code != ExitInput {
				t.Fatalf("exit %d, want 2\n%s%s", code, out, errOut)
			}
			if !strings.Contains(errOut, tt.msg) {
				t.Errorf("stderr does not say %q:\n%s", tt.msg, errOut)
			}
		})
	}
}

// serveUntil runs mjref serve with o until stop is called on its URL, and returns its error.
func serveUntil(t *testing.T, o *serveOptions, stop func(url string)) error {
	t.Helper()
	done := make(chan error, 1)
	o.ready = func(url string) { go stop(url) }
	go func() { done <- serveRun(context.Background(), o) }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatal("mjref serve did not stop")
	}
	return nil
}

// SIGINT and SIGTERM shut the server down cleanly: serve returns nil (exit 0).
func TestServeStopsOnSignal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			var out, errOut bytes.Buffer
			o := &serveOptions{IO: &IOStreams{Out: &out, ErrOut: &errOut}, Addr: "127.0.0.1:0"}
			err := serveUntil(t, o, func(url string) {
				resp, err := http.Get(url + "v1/rulesets")
				if err == nil {
					resp.Body.Close()
				}
				_ = syscall.Kill(os.Getpid(), sig)
			})
			if err != nil {
				t.Fatalf("serve: %v", err)
			}
			if !strings.HasPrefix(out.String(), "mjref: serving http://127.0.0.1:") {
				t.Errorf("stdout %q", out.String())
			}
			if !strings.Contains(errOut.String(), "path=/v1/rulesets status=200") {
				t.Errorf("the request is not logged on stderr:\n%s", errOut.String())
			}
		})
	}
}
