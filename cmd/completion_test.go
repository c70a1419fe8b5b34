package cmd

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// Completion still completes flag values: the functions are registered for __complete runs.
func TestCompletionFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "score", "--win", ""}, "self-draw"},
		{[]string{"__complete", "--output", ""}, "jsonl"},
		{[]string{"__complete", "score", "--seat", ""}, "W\tWest"},
		{[]string{"__complete", "ledger", "new", "--length", ""}, "8-hands"},
		{[]string{"__complete", "referee", "--only", ""}, "illegal"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args[1:], " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := Run(tt.args, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}); code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			if !strings.Contains(out.String(), tt.want+"\n") {
				t.Errorf("completions %q do not offer %q", out.String(), tt.want)
			}
		})
	}
}

// In-process runs do not pile up in cobra's package-level completion map: the heap after many
// runs stays about where it was (it grew by 25 KB a run of parse when every run registered its completion functions).
func TestRunKeepsNoCompletionState(t *testing.T) {
	run := func() {
		var out bytes.Buffer
		if code := Run([]string{"parse", "1m"}, &IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &out}); code != 0 {
			t.Fatalf("exit %d: %s", code, out.String())
		}
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for range 5 {
		run()
	}
	before := heap()
	const runs = 200
	for range runs {
		run()
	}
	if grown := int64(heap()) - int64(before); grown > runs*8<<10 {
		t.Errorf("the heap grew by %d KB over %d runs (%d bytes a run)", grown>>10, runs, grown/runs)
	}
}
