//go:build race

package engine_test

// raceBuild: under the race detector sync.Pool drops a share of what is put back on purpose, so
// a test that counts what pooled buffers save cannot hold.
const raceBuild = true
