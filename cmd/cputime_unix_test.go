//go:build unix

package cmd

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system: what a benchmark costs on a
// loaded machine, where wall time also counts the waits for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
