package shanten

import (
	"runtime"
	"syscall"
	"testing"
)

// cpuClock measures the CPU time of the benchmark's own thread, so that figures stay meaningful
// on a shared, busy machine where wall time also counts the time other processes run.
type cpuClock struct{ start int64 }

func threadCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{threadCPU()}
}

// stop reports the thread CPU time per iteration as cpu-ns/op.
func (c cpuClock) stop(b *testing.B) {
	end := threadCPU()
	runtime.UnlockOSThread()
	if c.start >= 0 && end >= 0 && b.N > 0 {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
}
