// Package cpuclock measures the CPU time of a benchmark's own thread, so that figures stay meaningful
// on a shared, busy machine where wall time also counts the time other processes run.
package cpuclock

import (
	"runtime"
	"syscall"
	"testing"
)

// Clock is started by Start and reports by Stop.
type Clock struct{ start int64 }

func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// Start locks the benchmark to its thread and notes the thread's CPU time.
func Start() Clock {
	runtime.LockOSThread()
	return Clock{threadCPU()}
}

// Stop reports the thread CPU time per iteration as cpu-ns/op.
func (c Clock) Stop(b *testing.B) {
	end := threadCPU()
	runtime.UnlockOSThread()
	if c.start >= 0 && end >= 0 && b.N > 0 {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
}
