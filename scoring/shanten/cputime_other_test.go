//go:build !linux

package shanten

import "testing"

// cpuClock reports nothing where the thread CPU time is not available.
type cpuClock struct{}

func startCPU() cpuClock           { return cpuClock{} }
func (cpuClock) stop(b *testing.B) {}
