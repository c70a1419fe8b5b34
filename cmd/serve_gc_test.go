package cmd

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneServeGC: serve sets its collector settings only when the environment sets neither GOGC
// nor GOMEMLIMIT; a user's own setting of either keeps both of theirs.
func TestTuneServeGC(t *testing.T) {
	percent, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(percent); debug.SetMemoryLimit(limit) })
	tests := []struct {
		name        string
		env         map[string]string
		wantPercent int
		wantLimit   int64
	}{
		{"neither set", nil, serveGCPercent, serveMemoryLimit},
		{"GOGC set", map[string]string{"GOGC": "100"}, 100, math.MaxInt64},
		{"GOGC=off", map[string]string{"GOGC": "off"}, 100, math.MaxInt64},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, 100, math.MaxInt64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			tuneServeGC(func(k string) (string, bool) { v, ok := tc.env[k]; return v, ok })
			if got := debug.SetGCPercent(100); got != tc.wantPercent {
				t.Errorf("GC percent %d, want %d", got, tc.wantPercent)
			}
			if got := debug.SetMemoryLimit(-1); got != tc.wantLimit {
				t.Errorf("memory limit %d, want %d", got, tc.wantLimit)
			}
		})
	}
}
